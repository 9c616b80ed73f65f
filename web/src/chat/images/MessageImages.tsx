import { chatImageRoutes } from '@app/contracts';
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
      {images.map((image) => {
        const src = chatImageRoutes.content(image.key);
        const name = image.name ?? 'Image';
        return (
          <li key={image.key} className="message-image">
            <a href={src} target="_blank" rel="noopener noreferrer" title={name}>
              <img src={src} alt={name} loading="lazy" decoding="async" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
