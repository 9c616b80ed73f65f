/** Folders, pins and tags of a user's conversations (docs/architecture.md, "Folders, pins and tags"). */
export { filingRoutesPlugin } from './filing-routes';
export {
  filingDecider,
  FilingRefusal,
  type FiledConversation,
  type FilingCommand,
  type FilingState,
} from './filing-decider';
