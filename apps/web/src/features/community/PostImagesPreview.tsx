import Image from 'antd/es/image';
import type { TPostImage } from './PostImages';

/** antd's lightbox on a post's full images (arrows move between them); its own chunk. */
export function PostImagesPreview({
  images,
  current,
  onChange,
}: {
  images: TPostImage[];
  current: number | null;
  onChange: (next: number | null) => void;
}) {
  return (
    <Image.PreviewGroup
      items={images.map((image) => image.full)}
      preview={{
        open: current !== null,
        current: current ?? 0,
        onOpenChange: (open) => {
          if (!open) onChange(null);
        },
        onChange: (next) => onChange(next),
      }}
    />
  );
}
