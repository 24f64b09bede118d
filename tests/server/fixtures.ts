// Values the test server is started with (global_setup.ts) and the tests rely on (helpers.ts).
export const DEMO = 'demodemodemodemodemodemodemodemo';
export const ADMIN = { username: 'admin', password: 'admin-pass-1' };
export const USER = { username: 'user', password: 'user-pass-1' };
export const SEED_CITIES = 2000;
