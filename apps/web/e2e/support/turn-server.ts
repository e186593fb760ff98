import { existsSync } from 'node:fs';

/** coturn's server (Debian: `apt-get install -y coturn`); the TURN relay journey runs where it is installed. */
export const turnServerPath = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

export const hasTurnServer = existsSync(turnServerPath);
