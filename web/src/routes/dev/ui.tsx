import { createFileRoute } from '@tanstack/react-router';
import { UiGalleryPage } from '../../features/dev-tools/ui-gallery-page';

export const Route = createFileRoute('/dev/ui')({
  component: UiGalleryPage,
});
