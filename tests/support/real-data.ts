import path from 'node:path';

/** The data sets the repository ships (seeds/datasets), the same copy `npm start` imports. */
export const REAL_DATA_DIR = path.resolve(__dirname, '..', '..', 'seeds', 'datasets');
