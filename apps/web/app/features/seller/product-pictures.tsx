import type { SellerProductImage } from '@souq/contracts';
import { PRODUCT_IMAGES_MAX } from '@souq/contracts/constants';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useFetcher } from 'react-router';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { ArrowStartIcon, TrashIcon, UploadIcon } from './product-icons';
import { moved, PICTURE_ACCEPT, pictureProblem } from './product-form-logic';
import type { PictureAnswer } from './products-data';

/** A picture chosen for a product not created yet: uploaded right after the create. */
export interface QueuedPicture {
  key: string;
  file: File;
  url: string;
}

/** One tile of the list: the picture's address, its id (a saved one) or key (a queued one). */
interface Tile {
  key: string;
  url: string;
  id?: number;
}

/**
 * The drop zone and the file picker: files are checked here (type, 5 MB, how many) before `onFiles`;
 * what is refused is listed with its reason.
 */
function DropZone({ room, busy, onFiles }: { room: number; busy: boolean; onFiles(files: File[]): void }) {
  const { t } = useSite();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const found: string[] = [];
    const ok: File[] = [];
    for (const f of files) {
      const problem = pictureProblem(f, t);
      if (problem) found.push(problem);
      else ok.push(f);
    }
    if (ok.length > room) {
      found.push(t('sprod.too_many', { max: PRODUCT_IMAGES_MAX }));
      ok.length = Math.max(0, room);
    }
    setProblems(found);
    if (ok.length) onFiles(ok);
  };
  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

  return (
    <div
      className={`spf-drop${over ? ' is-over' : ''}${room <= 0 ? ' is-full' : ''}`}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(false);
        if (!busy && room > 0) take(e.dataTransfer.files);
      }}
      data-testid="spf-drop"
    >
      <UploadIcon size={28} />
      <p className="spf-drop__text">
        {t('sprod.drop_here')}{' '}
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => input.current?.click()}
          disabled={busy || room <= 0}
          data-testid="spf-choose"
        >
          {t('sprod.choose_files')}
        </button>
      </p>
      <p className="field__hint">{t('sprod.pictures_hint', { max: PRODUCT_IMAGES_MAX })}</p>
      <input
        ref={input}
        type="file"
        accept={PICTURE_ACCEPT}
        multiple
        hidden
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
        data-testid="spf-file"
      />
      {problems.length ? (
        <ul className="spf-drop__problems" role="alert" data-testid="spf-picture-error">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The pictures in order, the first marked as the thumbnail: move earlier / later (buttons, so the
 * keyboard can; or drag), remove. Focus stays on the moved picture's button.
 */
function TileList({
  tiles,
  busy,
  onMove,
  onRemove,
}: {
  tiles: Tile[];
  busy: boolean;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}) {
  const { t } = useSite();
  const list = useRef<HTMLOListElement>(null);
  const [refocus, setRefocus] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const el = list.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${refocus}"]`);
    if (el && !el.disabled) el.focus();
    else list.current?.querySelector<HTMLButtonElement>(`[data-focus-key^="${refocus.split(':')[0]}:"]:not(:disabled)`)?.focus();
    setRefocus(null);
  }, [refocus, tiles]);

  const move = (from: number, to: number, which: 'earlier' | 'later') => {
    onMove(from, to);
    setRefocus(`${tiles[from]!.key}:${which}`);
  };

  return (
    <ol className="spf-tiles" ref={list} data-testid="spf-tiles">
      {tiles.map((tile, i) => (
        <li
          key={tile.key}
          className={`spf-tile${dragged === i ? ' is-dragged' : ''}`}
          draggable={!busy}
          onDragStart={(e) => {
            setDragged(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(i));
          }}
          onDragEnd={() => setDragged(null)}
          onDragOver={(e) => {
            if (dragged !== null) e.preventDefault();
          }}
          onDrop={(e) => {
            if (dragged === null) return;
            e.preventDefault();
            e.stopPropagation();
            if (dragged !== i) onMove(dragged, i);
            setDragged(null);
          }}
          data-testid="spf-tile"
          data-image-id={tile.id}
        >
          <span className="spf-tile__media">
            <Img src={tile.url} alt={t('sprod.picture_n', { n: i + 1 })} width={128} height={128} />
            {i === 0 ? <span className="spf-tile__badge">{t('sprod.thumbnail')}</span> : null}
          </span>
          <span className="spf-tile__tools">
            <button
              type="button"
              className="icon-btn"
              onClick={() => move(i, i - 1, 'earlier')}
              disabled={busy || i === 0}
              aria-label={t('sprod.move_earlier', { n: i + 1 })}
              title={t('sprod.move_earlier', { n: i + 1 })}
              data-focus-key={`${tile.key}:earlier`}
              data-testid="spf-earlier"
            >
              <ArrowStartIcon size={18} className="spf-flip" />
            </button>
            <button
              type="button"
              className="icon-btn"
              onClick={() => move(i, i + 1, 'later')}
              disabled={busy || i === tiles.length - 1}
              aria-label={t('sprod.move_later', { n: i + 1 })}
              title={t('sprod.move_later', { n: i + 1 })}
              data-focus-key={`${tile.key}:later`}
              data-testid="spf-later"
            >
              <ArrowStartIcon size={18} className="spf-flip spf-flip--end" />
            </button>
            <button
              type="button"
              className="icon-btn spf-tile__remove"
              onClick={() => onRemove(i)}
              disabled={busy}
              aria-label={t('sprod.remove_picture', { n: i + 1 })}
              title={t('sprod.remove_picture', { n: i + 1 })}
              data-testid="spf-remove"
            >
              <TrashIcon size={18} />
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The pictures of a product not created yet: kept here, uploaded by the create's action. */
export function QueuedPictures({ queued, onChange }: { queued: QueuedPicture[]; onChange(next: QueuedPicture[]): void }) {
  const { t } = useSite();
  return (
    <>
      <p className="muted spf-note">{t('sprod.pictures_after_create')}</p>
      {queued.length ? (
        <TileList
          tiles={queued.map((q) => ({ key: q.key, url: q.url }))}
          busy={false}
          onMove={(from, to) => onChange(moved(queued, from, to))}
          onRemove={(i) => {
            URL.revokeObjectURL(queued[i]!.url);
            onChange(queued.filter((_, j) => j !== i));
          }}
        />
      ) : null}
      <DropZone
        room={PRODUCT_IMAGES_MAX - queued.length}
        busy={false}
        onFiles={(files) =>
          onChange([
            ...queued,
            ...files.map((file, i) => ({ key: `q${Date.now()}-${i}-${file.name}`, file, url: URL.createObjectURL(file) })),
          ])
        }
      />
    </>
  );
}

/**
 * The pictures of a saved product, changed at once through the page's action (upload, reorder, remove):
 * each upload a POST of its own; while they run, a placeholder for each. A new order shows at once.
 */
export function SavedPictures({ productId, images }: { productId: number; images: SellerProductImage[] }) {
  const { t } = useSite();
  const upload = useFetcher<PictureAnswer>();
  const order = useFetcher<PictureAnswer>();
  const remove = useFetcher<PictureAnswer>();
  const [asking, setAsking] = useState<SellerProductImage | null>(null);
  const action = `/seller/products/${productId}`;
  useOnAnswer(remove.data, () => setAsking(null));

  // The order being saved shows at once; the loader's, once it is saved.
  const pendingIds = order.formData ? (JSON.parse(String(order.formData.get('ids'))) as number[]) : null;
  const shown = pendingIds
    ? pendingIds.map((id) => images.find((im) => im.id === id)).filter((im): im is SellerProductImage => !!im)
    : images;
  const uploading = upload.formData ? upload.formData.getAll('image').length : 0;
  const busy = upload.state !== 'idle' || order.state !== 'idle' || remove.state !== 'idle';

  const reorder = (from: number, to: number) => {
    const ids = moved(shown, from, to).map((im) => im.id);
    const form = new FormData();
    form.set('intent', 'reorder');
    form.set('ids', JSON.stringify(ids));
    void order.submit(form, { method: 'post', action });
  };

  return (
    <>
      {shown.length || uploading ? (
        <div className="spf-tiles-wrap" aria-busy={busy || undefined}>
          {shown.length ? (
            <TileList
              tiles={shown.map((im) => ({ key: String(im.id), id: im.id, url: im.url }))}
              busy={busy}
              onMove={reorder}
              onRemove={(i) => setAsking(shown[i]!)}
            />
          ) : null}
          {uploading ? (
            <p className="spf-uploading" role="status" data-testid="spf-uploading">
              <span className="spinner" aria-hidden="true" />
              {t('sprod.uploading', { count: uploading })}
            </p>
          ) : null}
        </div>
      ) : null}
      <DropZone
        room={PRODUCT_IMAGES_MAX - shown.length}
        busy={upload.state !== 'idle'}
        onFiles={(files) => {
          const form = new FormData();
          form.set('intent', 'upload');
          for (const f of files) form.append('image', f, f.name);
          void upload.submit(form, { method: 'post', action, encType: 'multipart/form-data' });
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('sprod.remove_picture_title')}
        busy={remove.state !== 'idle'}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          const form = new FormData();
          form.set('intent', 'remove-image');
          form.set('image_id', String(asking.id));
          void remove.submit(form, { method: 'post', action });
        }}
        testId="spf-remove-dialog"
      >
        {t('sprod.remove_picture_text')}
      </ConfirmDialog>
    </>
  );
}
