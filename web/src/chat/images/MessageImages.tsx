import { useState } from 'react';
import { chatImageRoutes, type ChatImage } from '@app/contracts';
import type { ChatTurn } from '../model/types';
import './images.css';

/**
 * The images sent with a user message, as thumbnails (each the user's own file, read through the
 * owner-only image route); each opens at full size in a new tab.
 */
export function MessageImages({ turn }: { turn: ChatTurn }) {
  const images = turn.images ?? [];
  if (images.length === 0) return null;
  return (
    <ul className="message-images" aria-label="Images sent">
      {images.map((image) => (
        <li key={image.key} className="message-image">
          <Thumbnail image={image} />
        </li>
      ))}
    </ul>
  );
}

/** One thumbnail; a file since deleted (or unreadable) shows its name instead of a broken image. */
function Thumbnail({ image }: { image: ChatImage }) {
  const [missing, setMissing] = useState(false);
  const src = chatImageRoutes.content(image.key);
  const name = image.name ?? 'Image';
  if (missing) return <span className="message-image-missing">{name}</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" title={name}>
      <img src={src} alt={name} loading="lazy" decoding="async" onError={() => setMissing(true)} />
    </a>
  );
}
