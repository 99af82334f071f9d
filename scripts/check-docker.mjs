#!/usr/bin/env node
// `npm run test:docker`: static checks of the Docker setup, for machines without a Docker engine.
// - docker-compose.yml and docker-compose.desktop.yml: dclint (compose-spec schema + lint rules),
//   then each file alone, the two merged the way `docker compose -f a -f b` merges them, and the
//   `scale` profile, raw and interpolated, validated with ajv against BOTH schemas a home server may
//   run: the compose-spec schema of Compose v2 (shipped by dclint) and the schema of docker-compose
//   1.29.2, what Debian 12 and Ubuntu 22.04 package (vendored in scripts/compose-schemas/, see its
//   README); plus the properties discovery depends on (host networking on Linux; published port,
//   discovery off and an advertised address on Docker Desktop).
// - The settings the image gives a default (ENV in the Dockerfile) have the same default in the
//   compose file, which passes every one of them: a compose `${VAR:-}` would replace the image's.
// - Every setting in server/src/config.ts is passed through by the compose file.
// - The `scale` profile: Redis on 127.0.0.1 without persistence, and a second game process with
//   host networking, its own port, data volume and public address, on the same Redis.
// - Dockerfile: dockerfile-utils' validator, then the instructions this project relies on.
// Prints each problem and a one-line summary; exits 1 on any problem.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
// ajv, yaml and dockerfile-ast are what dclint and dockerfile-utils themselves use: load those copies.
const dclintPkg = require.resolve('dclint/package.json');
const fromDclint = createRequire(dclintPkg);
const fromDockerfileUtils = createRequire(require.resolve('dockerfile-utils/package.json'));
const { DCLinter } = require('dclint');
const YAML = fromDclint('yaml');
const { Ajv } = fromDclint('ajv');
const { validate: validateDockerfile } = require('dockerfile-utils');
const { DockerfileParser } = fromDockerfileUtils('dockerfile-ast');

const BASE = 'docker-compose.yml';
const DESKTOP = 'docker-compose.desktop.yml';
const SERVICE = 'parlor';

const problems = [];
let checks = 0;
/** Record one check; `ok` false adds the problem. */
function check(ok, file, message) {
  checks += 1;
  if (!ok) problems.push(`${file}: ${message}`);
  return ok;
}

const read = (file) => readFileSync(path.join(root, file), 'utf8');

// ── Compose ──────────────────────────────────────────────────────────────────────────────────────

function lintCompose(files) {
  // No top-level `name`: docker-compose 1.29 refuses the file with it (the volumes are named instead).
  const rules = { 'require-project-name-field': 0 };
  const linter = new DCLinter({ rules, quiet: false, debug: false, exclude: [] });
  for (const result of linter.lintFiles(
    files.map((f) => path.join(root, f)),
    false,
  )) {
    const file = path.relative(root, result.filePath);
    check(result.messages.length === 0, file, 'dclint found problems:');
    for (const m of result.messages)
      problems.push(`  ${file}:${m.line}:${m.column} ${m.type} ${m.message} (${m.rule})`);
  }
}

function parseYaml(file) {
  const doc = YAML.parseDocument(read(file), { merge: true });
  check(doc.errors.length === 0, file, `invalid YAML: ${doc.errors[0]?.message}`);
  return doc.toJS() ?? {};
}

const isMap = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compose's merge of an override file: maps merge key by key, sequences append, scalars replace. */
function mergeCompose(base, override) {
  if (isMap(base) && isMap(override)) {
    const out = { ...base };
    for (const [k, v] of Object.entries(override)) out[k] = k in base ? mergeCompose(base[k], v) : v;
    return out;
  }
  if (Array.isArray(base) && Array.isArray(override)) return [...new Set([...base, ...override])];
  return override;
}

/** ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, as compose resolves them. */
function interpolate(value, env, file) {
  if (typeof value === 'string') {
    return value.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
      (_m, name, colon, op, arg) => {
        const v = env[name];
        const missing = v === undefined || (colon === ':' && v === '');
        if (!op) return v ?? '';
        if (op === '-') return missing ? arg : v;
        check(!missing, file, `\${${name}} is required: ${arg}`);
        return v ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env, file));
  if (isMap(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env, file)]));
  return value;
}

/** Where each schema comes from, and what its validator is called in messages. */
const SCHEMAS = [
  {
    label: 'compose-spec (Compose v2)',
    file: path.join(path.dirname(dclintPkg), 'schemas', 'compose.schema.json'),
  },
  {
    label: 'docker-compose 1.29',
    file: path.join(root, 'scripts', 'compose-schemas', 'docker-compose-1.29.2.json'),
  },
];

/**
 * docker-compose 1.29 checks three string formats itself (compose/config/validation.py); the
 * compose-spec's formats are checked by Compose v2 after the schema, not here.
 */
const FORMATS = {
  // docker-py's split_port: [host_ip:][host_port[-range]:]container_port[-range][/protocol]
  ports: /^(?:(?:\[[0-9A-Fa-f:.]+\]|[0-9.]+):)?(?:\d*(?:-\d+)?:)?\d+(?:-\d+)?(?:\/[a-z]+)?$/,
  expose: /^\d+(-\d+)?(\/[a-zA-Z]+)?$/,
  subnet_ip_address: /^[0-9A-Fa-f:.]+\/\d{1,3}$/,
  duration: true,
};

function dropDraft4Ids(schema) {
  if (Array.isArray(schema)) schema.forEach(dropDraft4Ids);
  else if (isMap(schema)) {
    if (typeof schema.id === 'string') delete schema.id;
    Object.values(schema).forEach(dropDraft4Ids);
  }
}

/**
 * One validator per schema; each call checks `config` against every one of them. Both Composes
 * check formats after interpolation: a file as written (`${PORT:-2567}` in a port) is checked for
 * its structure only (`raw`).
 */
function schemaValidator({ raw = false } = {}) {
  const formats = raw ? Object.fromEntries(Object.keys(FORMATS).map((f) => [f, true])) : FORMATS;
  const validators = SCHEMAS.map(({ label, file }) => {
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    // Their $schema URLs (draft-07, 2019-09) are not bundled under those spellings; dclint drops it too.
    delete schema.$schema;
    // 1.29 validates with draft 4, whose `id`s here only label subschemas (ajv knows `$id` only).
    dropDraft4Ids(schema);
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, formats });
    return { label, validate: ajv.compile(schema) };
  });
  return (config, where) => {
    for (const { label, validate } of validators) {
      const ok = validate(config);
      check(ok, where, `does not match the ${label} schema:`);
      if (!ok) for (const e of validate.errors) problems.push(`  ${e.instancePath || '/'} ${e.message}`);
    }
  };
}

/** Variables the compose file may pass that node or glibc read, not config.ts. */
const READ_BY_NODE = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];

/** The runtime stage's ENV settings, name -> value (quotes removed). */
function dockerfileEnv() {
  const df = DockerfileParser.parse(read('Dockerfile'));
  const lastFrom = df.getFROMs().at(-1)?.getRange().start.line ?? 0;
  const out = {};
  for (const i of df.getENVs().filter((e) => e.getRange().start.line > lastFrom))
    for (const p of i.getProperties()) out[p.getName()] = (p.getValue() ?? '').replace(/^"(.*)"$/, '$1');
  return out;
}

/** The env var names config.ts reads (the keys of its zod EnvSchema). */
function configEnvKeys() {
  const src = read('server/src/config.ts');
  const body = /const EnvSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(src)?.[1] ?? '';
  return [...body.matchAll(/^\s{2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

function checkCompose() {
  lintCompose([BASE, DESKTOP]);
  const validateSchema = schemaValidator();
  const base = parseYaml(BASE);
  const desktop = parseYaml(DESKTOP);
  const merged = mergeCompose(base, desktop);
  const validateRaw = schemaValidator({ raw: true });
  validateRaw(base, BASE);
  validateRaw(desktop, DESKTOP);
  validateRaw(merged, `${BASE} + ${DESKTOP} (merged)`);
  for (const [file, config] of [
    [BASE, base],
    [DESKTOP, desktop],
  ])
    check(
      !('name' in config),
      file,
      'no top-level name: docker-compose 1.29 (Debian 12, Ubuntu 22.04) refuses the whole file',
    );

  // What a user who sets nothing gets (the desktop file insists on ADVERTISE_HOST).
  const plain = interpolate(base, {}, BASE);
  const desktopRun = interpolate(merged, { ADVERTISE_HOST: '192.168.1.20' }, `${BASE} + ${DESKTOP}`);
  validateSchema(plain, `${BASE} (interpolated)`);
  validateSchema(desktopRun, `${BASE} + ${DESKTOP} (merged, interpolated)`);

  const svc = plain.services?.[SERVICE] ?? {};
  check(isMap(plain.services?.[SERVICE]), BASE, `no service "${SERVICE}"`);
  check(
    svc.network_mode === 'host',
    BASE,
    'network_mode must be host (mDNS multicast does not cross a bridge)',
  );
  check(
    !svc.ports,
    BASE,
    'ports mean nothing with host networking; publish them in the desktop override only',
  );
  check(svc.init === true, BASE, 'init: true is needed so SIGTERM reaches node and zombies are reaped');
  check(svc.restart === 'unless-stopped', BASE, 'restart should be unless-stopped');
  check(
    Number(svc.environment?.START_RETRY_SECONDS) > 0,
    BASE,
    'START_RETRY_SECONDS must default to a wait: with unless-stopped, a start that exits would loop',
  );
  const dataVolume = (svc.volumes ?? []).find((v) => typeof v === 'string' && v.endsWith(':/data'));
  check(!!dataVolume, BASE, 'a volume must be mounted at /data');
  const volumeName = dataVolume?.split(':')[0];
  check(
    volumeName && plain.volumes && volumeName in plain.volumes,
    BASE,
    `named volume "${volumeName}" not declared`,
  );
  // Without a project name the volume would be <folder>_parlor-data: named, it is the one Compose v2
  // made while the file said `name: parlor`, whatever the folder and the Compose version.
  check(
    plain.volumes?.[volumeName]?.name === `parlor_${volumeName}`,
    BASE,
    `volume "${volumeName}" must be named parlor_${volumeName} (the data of earlier installs)`,
  );
  const env = svc.environment ?? {};
  check(env.DATA_DIR === '/data', BASE, 'DATA_DIR must be /data (the volume)');
  const rawEnv = base.services?.[SERVICE]?.environment ?? {};
  for (const key of configEnvKeys()) {
    check(key in rawEnv, BASE, `environment does not pass ${key} (server/src/config.ts reads it)`);
  }
  for (const key of Object.keys(rawEnv)) {
    check(
      configEnvKeys().includes(key) || READ_BY_NODE.includes(key),
      BASE,
      `environment sets ${key}, which server/src/config.ts does not read`,
    );
  }
  // The image's defaults: compose passes each, with the same default when the user sets nothing.
  for (const [key, value] of Object.entries(dockerfileEnv())) {
    // DATA_DIR: checked above (the volume). NODE_ENV: the image's own, not a setting.
    if (key === 'DATA_DIR' || key === 'NODE_ENV') continue;
    check(
      String(env[key]) === value,
      BASE,
      `${key} defaults to "${env[key]}" here but to "${value}" in the Dockerfile: one default, please`,
    );
  }

  const d = desktopRun.services?.[SERVICE] ?? {};
  check(
    d.network_mode && d.network_mode !== 'host',
    DESKTOP,
    'Docker Desktop needs a bridge network, not host',
  );
  check(
    (d.ports ?? []).some((p) => String(p).endsWith(':2567')),
    DESKTOP,
    'the game port must be published on Docker Desktop',
  );
  check(
    d.environment?.DISCOVERY === 'off',
    DESKTOP,
    'DISCOVERY must be off (no LAN multicast on Docker Desktop)',
  );
  check(!!d.environment?.ADVERTISE_HOST, DESKTOP, 'ADVERTISE_HOST must be set (links and QR codes use it)');
}

/** The `scale` profile (docs/operations.md, "Several processes"). */
function checkScaleProfile(base) {
  const PROFILE = 'scale';
  const inProfile = (svc) => (svc.profiles ?? []).includes(PROFILE);
  const always = Object.entries(base.services ?? {}).filter(([, svc]) => !svc.profiles?.length);
  check(
    always.length === 1 && always[0][0] === SERVICE,
    BASE,
    `without a profile only "${SERVICE}" may start (found ${always.map(([n]) => n).join(', ')})`,
  );

  // What `REDIS_URL=redis://127.0.0.1:6379 docker compose --profile scale up` runs.
  const redisUrl = 'redis://127.0.0.1:6379';
  const run = interpolate(base, { REDIS_URL: redisUrl }, `${BASE} (profile ${PROFILE})`);
  schemaValidator()(run, `${BASE} (profile ${PROFILE}, interpolated)`);
  const services = Object.entries(run.services ?? {}).filter(([, svc]) => inProfile(svc));
  const redis = services.find(([, svc]) => /(^|\/)redis(:|$)/.test(svc.image ?? ''));
  const games = [
    [SERVICE, run.services?.[SERVICE] ?? {}],
    ...services.filter(([, svc]) => svc.environment?.DATA_DIR),
  ];
  const where = `${BASE} (profile ${PROFILE})`;
  if (!check(!!redis, where, 'the profile must start a redis service')) return;
  const [redisName, r] = redis;
  const argv = (Array.isArray(r.command) ? r.command : String(r.command ?? '').split(/\s+/)).map(String);
  const arg = (flag) => argv[argv.indexOf(flag) + 1];
  check(
    r.network_mode === 'host',
    where,
    `${redisName}: host networking (game processes reach it on 127.0.0.1)`,
  );
  check(arg('--bind') === '127.0.0.1', where, `${redisName}: must bind 127.0.0.1 only (no LAN access)`);
  check(
    argv.includes('--save') && arg('--save') === '' && arg('--appendonly') === 'no',
    where,
    `${redisName}: no persistence (--save '' --appendonly no): Redis holds only the live listing`,
  );
  check(!r.volumes, where, `${redisName}: needs no volume`);
  check(
    !!r.healthcheck && !r.ports,
    where,
    `${redisName}: a healthcheck (the second process waits for it), no published ports`,
  );

  check(games.length >= 2, where, 'the profile must add a second game process');
  const second = games.slice(1);
  const rawEnvKeys = (name) => Object.keys(base.services?.[name]?.environment ?? {});
  const seen = { PORT: new Set(), volume: new Set(), PUBLIC_ADDRESS: new Set() };
  for (const [name, svc] of games) {
    const env = svc.environment ?? {};
    const label = `${where}: ${name}`;
    check(svc.network_mode === 'host', label, 'network_mode must be host');
    check(
      svc.init === true && svc.restart === 'unless-stopped',
      label,
      'init: true and restart: unless-stopped',
    );
    check(env.REDIS_URL === redisUrl, label, `REDIS_URL must be ${redisUrl} (got "${env.REDIS_URL}")`);
    check(
      /^rediss?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(env.REDIS_URL ?? ''),
      label,
      'host networking: Redis is 127.0.0.1, never a service name',
    );
    const volume = (svc.volumes ?? []).find((v) => typeof v === 'string' && v.endsWith(':/data'));
    check(env.DATA_DIR === '/data' && !!volume, label, 'DATA_DIR=/data on a volume of its own');
    const volumeName = volume?.split(':')[0];
    check(
      !!volumeName && volumeName in (run.volumes ?? {}),
      label,
      `named volume "${volumeName}" not declared`,
    );
    for (const [key, value] of [
      ['PORT', env.PORT || '2567'],
      ['volume', volumeName],
      ['PUBLIC_ADDRESS', env.PUBLIC_ADDRESS || `<advertised host>:${env.PORT || '2567'}`],
    ]) {
      check(!seen[key].has(value), label, `${key} ${value} is already used by another game process`);
      seen[key].add(value);
    }
    for (const key of configEnvKeys())
      check(rawEnvKeys(name).includes(key), label, `environment does not pass ${key}`);
  }
  for (const [name, svc] of second) {
    check(inProfile(svc), `${where}: ${name}`, `must be in the ${PROFILE} profile only`);
    const dep = svc.depends_on;
    check(
      !!dep && (Array.isArray(dep) ? dep.includes(redisName) : redisName in dep),
      `${where}: ${name}`,
      `must depend on ${redisName}`,
    );
  }
}

// ── Dockerfile ───────────────────────────────────────────────────────────────────────────────────

function checkDockerfile() {
  const file = 'Dockerfile';
  const content = read(file);
  const lines = content.split('\n');
  for (const d of validateDockerfile(content)) {
    check(false, file, `line ${d.range.start.line + 1}: ${d.message}`);
  }
  const df = DockerfileParser.parse(content);
  const all = df.getInstructions();
  const raw = (i) =>
    lines
      .slice(i.getRange().start.line, i.getRange().end.line + 1)
      .join(' ')
      .replace(/\\\s+/g, ' ');
  const froms = df.getFROMs();
  check(froms.length >= 2, file, 'must be a multi-stage build (build stage + runtime stage)');
  for (const f of froms) {
    check(
      f.getImageName() === 'node' && f.getImageTag() === '22-bookworm-slim',
      file,
      `line ${f.getRange().start.line + 1}: stages should start FROM node:22-bookworm-slim (the Node the project runs on)`,
    );
  }
  const lastFromLine = froms.at(-1)?.getRange().start.line ?? 0;
  const final = all.filter((i) => i.getRange().start.line > lastFromLine);
  const named = (kw) => final.filter((i) => i.getKeyword() === kw);

  check(
    final.some((i) => i.getKeyword() === 'COPY' && /--from=/.test(raw(i))),
    file,
    'the runtime stage should COPY --from the build stage',
  );
  check(
    !all.some((i) => i.getKeyword() === 'RUN' && /\bnpm ci\b/.test(raw(i))),
    file,
    'use npm install, not npm ci (npm ci rejects this lockfile on some mirrors)',
  );
  check(
    all.some((i) => i.getKeyword() === 'RUN' && /npm run build/.test(raw(i))),
    file,
    'the build stage must run npm run build',
  );
  check(
    final.some((i) => i.getKeyword() === 'RUN' && /npm install\b.*--omit=dev/.test(raw(i))),
    file,
    'the runtime stage must install production dependencies only (--omit=dev)',
  );

  const users = named('USER');
  const user = users.at(-1)?.getArgumentsContent()?.trim();
  check(!!user && user !== 'root' && user !== '0', file, 'the runtime stage must switch to a non-root USER');
  const userLine = users.at(-1)?.getRange().start.line ?? Infinity;
  const chown = final.find(
    (i) => i.getKeyword() === 'RUN' && /mkdir -p \/data/.test(raw(i)) && /chown/.test(raw(i)),
  );
  check(
    !!chown && chown.getRange().start.line < userLine,
    file,
    '/data must be created and chowned before USER',
  );
  check(
    named('VOLUME').some((i) => /\/data\b/.test(i.getArgumentsContent() ?? '')),
    file,
    'VOLUME /data is missing',
  );
  check(
    named('ENV').some((i) => /DATA_DIR=\/data\b/.test(raw(i))),
    file,
    'ENV DATA_DIR=/data is missing',
  );
  check(
    named('EXPOSE').some((i) => /\b2567\b/.test(i.getArgumentsContent() ?? '')),
    file,
    'EXPOSE 2567 is missing',
  );

  const hc = df.getHEALTHCHECKs().at(-1);
  const hcText = hc ? raw(hc) : '';
  check(!!hc && !/\bNONE\b/.test(hcText), file, 'a HEALTHCHECK is required');
  check(/__healthcheck/.test(hcText), file, 'HEALTHCHECK should ask /__healthcheck');
  check(!/\b(curl|wget)\b/.test(hcText), file, 'HEALTHCHECK cannot use curl or wget (not in slim images)');
  // Healthy within a few seconds of ready: Docker 20.10 probes every --interval, from the start.
  const seconds = (flag) => Number(new RegExp(`--${flag}=(\\d+)s\\b`).exec(hcText)?.[1] ?? NaN);
  check(
    seconds('interval') <= 3,
    file,
    'HEALTHCHECK --interval must be 3s or less (healthy soon after ready)',
  );
  check(seconds('start-period') >= 30, file, 'HEALTHCHECK --start-period: 30s or more (restoring tables)');

  // Memory settings a user can change: in NODE_OPTIONS, never fixed in the command.
  check(
    named('ENV').some((i) => /NODE_OPTIONS=/.test(raw(i))),
    file,
    'ENV NODE_OPTIONS must hold the V8 memory flags',
  );
  check(
    named('ENV').some((i) => /START_RETRY_SECONDS=[1-9]/.test(raw(i))),
    file,
    'ENV START_RETRY_SECONDS must be set (a start that cannot succeed waits instead of looping)',
  );
  check(
    final.some((i) => i.getKeyword() === 'RUN' && /rm -rf [^&]*node_modules\/typescript\b/.test(raw(i))),
    file,
    "the runtime stage must drop typescript (only @colyseus/schema's code generator uses it)",
  );
  const buildStageEnd = froms.at(-1)?.getRange().start.line ?? 0;
  check(
    all.some(
      (i) =>
        i.getKeyword() === 'LABEL' &&
        i.getRange().start.line < buildStageEnd &&
        /parlor\.stage=build/.test(raw(i)),
    ),
    file,
    'the build stage must be labelled parlor.stage=build (README: removing its leftover image)',
  );
  check(
    !/^#\s*syntax=/m.test(content),
    file,
    'no # syntax= line: BuildKit would pull that image; nothing here needs it',
  );

  const cmd = df.getCMDs().at(-1);
  const argv = cmd?.getJSONStrings().map((s) => s.getJSONValue()) ?? [];
  check(
    argv.length >= 2 && argv[0] === 'node',
    file,
    'CMD must be exec form starting with node (a shell or npm would swallow SIGTERM)',
  );
  check(
    !argv.slice(1).some((a) => a.startsWith('-')),
    file,
    'CMD must not fix node flags: put them in ENV NODE_OPTIONS, which a user can set',
  );
  // The script is node's first argument that is not a flag.
  const script = argv.slice(1).find((a) => !a.startsWith('-'));
  check(
    script !== undefined &&
      existsSync(path.join(root, script.replace(/^server\/dist\//, 'server/src/').replace(/\.js$/, '.ts'))),
    file,
    `CMD runs ${script}, which no source file builds`,
  );

  const ignore = existsSync(path.join(root, '.dockerignore')) ? read('.dockerignore') : '';
  check(
    /node_modules/.test(ignore),
    '.dockerignore',
    'must exclude node_modules (host binaries, huge context)',
  );
}

checkCompose();
checkScaleProfile(parseYaml(BASE));
checkDockerfile();

for (const p of problems) console.error(p.startsWith('  ') ? p : `✗ ${p}`);
const failed = problems.filter((p) => !p.startsWith('  ')).length;
console.log(
  `docker checks: ${checks} checks on Dockerfile, ${BASE}, ${DESKTOP} (and merged): ${failed === 0 ? 'all passed' : `${failed} failed`}`,
);
process.exit(failed === 0 ? 0 : 1);
