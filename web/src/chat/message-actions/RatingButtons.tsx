import { useAtomValue, useSetAtom } from 'jotai';
import { ActionButton } from './ActionButton';
import { ThumbDownIcon, ThumbUpIcon } from './icons';
import { messageActionText } from './message-action-text';
import { rateAnswerAtom, ratingsAtom, type Rating } from './ratings';

export interface RatingButtonsProps {
  requestId: string;
  /** Bad response was pressed: the caller offers to say what was wrong. */
  onBad: () => void;
}

/** Good response / Bad response: the rating is sent at once (pressing the one on again sends nothing). */
export function RatingButtons({ requestId, onBad }: RatingButtonsProps) {
  const rating = useAtomValue(ratingsAtom)[requestId] ?? null;
  const rate = useSetAtom(rateAnswerAtom);

  const choose = (next: Rating) => {
    if (next === 'bad') onBad();
    if (rating !== next) void rate({ requestId, rating: next });
  };

  return (
    <>
      <ActionButton
        label={messageActionText.good}
        icon={<ThumbUpIcon />}
        pressed={rating === 'good'}
        onClick={() => choose('good')}
      />
      <ActionButton
        label={messageActionText.bad}
        icon={<ThumbDownIcon />}
        pressed={rating === 'bad'}
        onClick={() => choose('bad')}
      />
    </>
  );
}
