export { startPlatform, type PlatformOptions, type RunningPlatform } from './start-platform';
