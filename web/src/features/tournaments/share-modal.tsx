import toast from 'react-hot-toast';
import { buttonClass, Button, Modal } from '../../ui';
import { shareText } from './challenge-detail.format';

export interface ShareModalProps {
  title: string;
  text: string;
  url: string;
  /** The challenge's image (its thumbnail), offered for download; null when it has none. */
  imageUrl?: string | null;
  onClose: () => void;
}

/** Spec §8 (Tournaments): the share modal's image download when the challenge has no image. */
export const NO_IMAGE_FOR_DOWNLOAD = 'No image available for download';

/** Copies or shares a challenge's link; text sent to social networks is cut to 200 characters. */
export function ShareModal({ title, text, url, imageUrl = null, onClose }: ShareModalProps) {
  const message = shareText(text);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Failed to copy link');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, text: message, url });
    } catch (error) {
      // The member closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  const downloadImage = () => {
    if (!imageUrl) {
      toast.error(NO_IMAGE_FOR_DOWNLOAD);
      return;
    }
    const link = document.createElement('a');
    link.href = imageUrl;
    link.download = '';
    link.rel = 'noopener';
    link.click();
  };

  const onX = new URL('https://twitter.com/intent/tweet');
  onX.searchParams.set('text', message);
  onX.searchParams.set('url', url);
  const onFacebook = new URL('https://www.facebook.com/sharer/sharer.php');
  onFacebook.searchParams.set('u', url);

  return (
    <Modal open title="Share this challenge" onClose={onClose}>
      <div className="share-modal">
        <p className="share-modal__text">{message}</p>
        <div className="share-modal__row">
          <label className="visually-hidden" htmlFor="challenge-share-link">
            Challenge link
          </label>
          <input
            id="challenge-share-link"
            className="input"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            Copy link
          </Button>
        </div>
        <div className="cluster">
          {canShare && <Button onClick={() => void share()}>Share…</Button>}
          <Button variant="secondary" size="small" onClick={downloadImage}>
            Download image
          </Button>
          <a
            className={buttonClass({ variant: 'secondary', size: 'small' })}
            href={onX.toString()}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on X
          </a>
          <a
            className={buttonClass({ variant: 'secondary', size: 'small' })}
            href={onFacebook.toString()}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on Facebook
          </a>
        </div>
      </div>
    </Modal>
  );
}
