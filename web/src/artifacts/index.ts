/** Artifacts in the web: the list and dialog of the active conversation's artifacts. */
export { ArtifactDialog } from './ArtifactDialog';
export { ArtifactList } from './ArtifactList';
export { artifactsAtom, loadArtifactsAtom } from './artifacts-state';
