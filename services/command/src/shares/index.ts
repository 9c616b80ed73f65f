export { shareRoutesPlugin } from './share-routes';
export { shareDecider, shareVerdict, type ShareCommand, type ShareState } from './share-decider';
