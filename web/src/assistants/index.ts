/** Assistants in the web: the chat's picker (with the `/assistants/{path}` page) and its request. */
export { AssistantPicker } from './picker/AssistantPicker';
export { AssistantsButton } from './picker/AssistantsButton';
export { AssistantDisclaimer } from './disclaimer/AssistantDisclaimer';
export { withAssistant } from './state/assistant-request';
export { chosenAssistantAtom, loadAssistantsAtom } from './state/assistants';
export { GroupChoiceList } from './group-choice/GroupChoiceList';
