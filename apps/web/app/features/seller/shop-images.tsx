import type { SellerShopProfile } from '@souq/contracts';
import { SHOP_IMAGE_MAX_BYTES } from '@souq/contracts/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { useSite } from '~/shared/site';
import { SubmitButton, useSubmission, type ActionResult } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { toast } from '~/shared/ui/toast';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A picker of the shop's logo or banner: the current picture, a chosen file's preview, and Upload (its
 * own fetcher: the picture is saved at once, apart from the profile's other fields).
 */
export function ShopImagePicker({ kind, current }: { kind: 'logo' | 'banner'; current: string | null }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<SellerShopProfile>>();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form,
    onDone() {
      toast.success(t('seller_shop.uploaded'));
      setFile(null);
      if (input.current) input.current.value = '';
    },
  });

  // The preview URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    clear('image');
    if (!chosen) return setFile(null);
    const problem = !IMAGE_TYPES.includes(chosen.type)
      ? t('seller_shop.image_type')
      : chosen.size > SHOP_IMAGE_MAX_BYTES
        ? t('seller_shop.image_size')
        : undefined;
    if (!check({ image: problem })) {
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const onSubmit = (e: FormEvent) => {
    if (!file) e.preventDefault();
  };

  const id = `shop-${kind}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const label = t(kind === 'logo' ? 'seller_shop.logo' : 'seller_shop.banner');
  const shown = preview ?? current;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      ref={form}
      className={`shop-image shop-image--${kind}`}
      onSubmit={onSubmit}
      data-testid={`shop-${kind}-form`}
    >
      <input type="hidden" name="intent" value={kind} />
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="shop-image__frame">
        {preview ? (
          <img src={preview} alt={t('seller_shop.preview_of', { what: label })} className="shop-image__img" />
        ) : shown ? (
          <Img
            src={shown}
            alt={label}
            width={kind === 'logo' ? 96 : 640}
            height={kind === 'logo' ? 96 : 160}
            className="shop-image__img"
          />
        ) : (
          <span className="shop-image__empty muted">{t('seller_shop.no_image')}</span>
        )}
      </div>
      <p className="field__hint" id={hintId}>
        {t(kind === 'logo' ? 'seller_shop.logo_hint' : 'seller_shop.banner_hint')}
      </p>
      <div className="shop-image__actions">
        <label className="btn btn-sm shop-image__choose" htmlFor={id}>
          {t('seller_shop.choose_image')}
        </label>
        <input
          ref={input}
          id={id}
          name="image"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={[errors.image ? errorId : '', hintId].filter(Boolean).join(' ')}
          aria-invalid={errors.image ? true : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid={`shop-${kind}-input`}
        />
        {file ? (
          <SubmitButton busy={busy} className="btn btn-sm btn-primary" testId={`shop-${kind}-upload`}>
            {t('seller_shop.upload')}
          </SubmitButton>
        ) : null}
      </div>
      {errors.image ? (
        <p className="field__error" id={errorId} data-testid={errorId}>
          <bdi>{errors.image}</bdi>
        </p>
      ) : null}
    </fetcher.Form>
  );
}
