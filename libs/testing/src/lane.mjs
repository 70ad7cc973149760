/**
 * Jest setup file of the integration project: a spec file runs on its worker's lane, the
 * NATS and Redis no other worker uses (global-setup.mjs starts one per lane, INT_LANES).
 * Jest gives each file its own copy of process.env, and the services a spec starts inherit
 * it. JALAJ_TEST_LANE_SUFFIX tells the lanes apart where they share a server (S3 buckets).
 */
const lanes = JSON.parse(process.env.JALAJ_TEST_LANES ?? '[]');
const index = (Number(process.env.JEST_WORKER_ID ?? 1) - 1) % Math.max(1, lanes.length);
if (lanes.length) Object.assign(process.env, lanes[index]);
process.env.JALAJ_TEST_LANE_SUFFIX = index === 0 ? '' : `-lane${index + 1}`;
