import { z } from 'zod';

/** What every answer of ours that succeeded starts with. */
const SuccessBody = z.object({ success: z.literal(true) });

/** A successful answer: `success: true` and the fields of `shape`, in that order. */
export const successBody = <Shape extends z.ZodRawShape>(shape: Shape) => SuccessBody.extend(shape);

/** A successful answer whose `data` is `data`. */
export const successData = <Data extends z.ZodType>(data: Data) => successBody({ data });

/** A successful answer whose `data` is a list of `item`. */
export const successList = <Item extends z.ZodType>(item: Item) => successData(z.array(item));
