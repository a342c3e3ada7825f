export {
  IMAGE_CONTENT_TYPES,
  imageContentType,
  redrawImage,
  type ImageContentType,
  type RedrawnImage,
} from './uploaded-image';
