/** Defaults that the deployment may override; shared so scripts and operators can count on them. */
export const defaultPort = 3000;
