import manifest from '../../package.json';

/** The package version, bundled in at build time. */
export const VERSION: string = manifest.version;
