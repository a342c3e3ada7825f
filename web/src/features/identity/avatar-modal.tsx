import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { MemberProfile } from '@arena/contracts';
import { rememberMember } from '../../lib/session';
import { Button, Modal } from '../../ui';
import { authApi } from './auth.api';
import { AVATAR_TYPES, squareAvatar } from './avatar-image';
import { MemberAvatar } from './member-avatar';
import { toastFailure } from './toast-failure';

const NOT_AN_IMAGE = 'Choose a PNG, JPEG or WebP image.';

export interface AvatarModalProps {
  member: MemberProfile;
  open: boolean;
  onClose: () => void;
}

/** Change Avatar: pick a picture, see it cropped, save it. */
export function AvatarModal({ member, open, onClose }: AvatarModalProps) {
  return (
    <Modal open={open} title="Change avatar" onClose={onClose}>
      <AvatarForm member={member} onDone={onClose} />
    </Modal>
  );
}

function AvatarForm({ member, onDone }: { member: MemberProfile; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [image, setImage] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setImage(undefined);
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setError(NOT_AN_IMAGE);
      return;
    }
    try {
      setImage(await squareAvatar(file));
      setError(undefined);
    } catch {
      setError(NOT_AN_IMAGE);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!image) {
      setError(NOT_AN_IMAGE);
      return;
    }
    setSaving(true);
    try {
      const answer = await authApi.replaceAvatar(image);
      rememberMember(queryClient, answer.data);
      toast.success(answer.message ?? 'Avatar updated successfully!');
      onDone();
    } catch (failure) {
      setError(toastFailure(failure, 'Failed to update avatar'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="auth__form" onSubmit={(event) => void save(event)} noValidate>
      <div className="avatar-picker">
        <MemberAvatar member={member} src={image} />
        <div className="field">
          <label className="field__label" htmlFor="avatar-file">
            Picture
          </label>
          <input
            id="avatar-file"
            className="avatar-picker__file"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby="avatar-file-hint"
            onChange={(event) => void choose(event)}
          />
          <p id="avatar-file-hint" className="field__hint">
            PNG, JPEG or WebP. We crop it to a square from the middle.
          </p>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      <Button type="submit" block disabled={saving || !image}>
        {saving ? 'Saving...' : 'Save Avatar'}
      </Button>
    </form>
  );
}
