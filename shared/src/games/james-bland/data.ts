/**
 * James Bland's catalogue as data: offenses, defenses, statuses, gadgets, Strategic Assets, NPC bribes
 * and the words dossiers are made of. Rules code reads these tables; nothing here has behaviour.
 *
 * Gadgets are described the way the device engine describes devices (RULINGS, Devices 10): a one-time
 * gadget is Sacrificed on use, a rechargeable one is Tapped until recharged, `requires` lists the
 * prerequisites. A later port to that engine only has to map these fields.
 */

export const OFFENSES = [
  'assassination',
  'sabotage',
  'exposure',
  'surveillance',
  'infiltration',
  'assetTheft',
  'misinformation',
  'networkAttack',
  'resourceDenial',
  'allianceDisruption',
  'falseFlag',
  'capture',
] as const;
export type OffenseId = (typeof OFFENSES)[number];
/** A plan's offense slot: one of the 12 offenses or Safe Turn (no operation). */
export type OffenseChoice = OffenseId | 'safeTurn';

export const DEFENSES = [
  'safeHouse',
  'bodyguardDetail',
  'mobileOperations',
  'underground',
  'sweepAndClear',
  'falseIdentity',
  'counterSurveillance',
  'disinformation',
  'preemptiveStrike',
  'allianceBuilding',
  'honeypot',
  'informationWarfare',
] as const;
export type DefenseId = (typeof DEFENSES)[number];
export type DefenseChoice = DefenseId | 'none';

export const STATUSES = ['active', 'compromised', 'burned', 'captured', 'eliminated'] as const;
export type Status = (typeof STATUSES)[number];

/** Worse statuses have higher ranks ("the worst status wins", RULINGS 10). */
export const STATUS_RANK: Record<Status, number> = {
  active: 0,
  compromised: 1,
  burned: 2,
  captured: 3,
  eliminated: 4,
};

/** Income scale by status, in percent (RULINGS 7). Eliminated agents are ghosts with no income. */
export const INCOME_PERCENT: Record<Status, number> = {
  active: 100,
  compromised: 80,
  burned: 50,
  captured: 0,
  eliminated: 0,
};

export const BASE_INCOME = 2;
export const IP_FLOOR = -10;

export interface OffenseSpec {
  name: string;
  cartoon: string;
  /** IP paid when the plan is revealed. */
  cost: number;
  /** d10 + modifiers >= threshold succeeds; null = no roll. */
  threshold: number | null;
  /** Alliance Disruption rolls the design's d6 (success on 4-6). */
  die: 6 | 10;
  /** Targets an agent (all but Alliance Disruption, which targets a pact; Safe Turn has none). */
  direct: boolean;
  /** Statuses a target may have. */
  targets: Status[];
  /** Needs alliances in play: removed in the 1v1 variant (RULINGS 1). */
  allianceOnly: boolean;
}

const LIVE: Status[] = ['active', 'compromised', 'burned'];

export const OFFENSE_SPECS: Record<OffenseId, OffenseSpec> = {
  assassination: {
    name: 'Assassination',
    cartoon: 'piano drop',
    cost: 0,
    threshold: 6,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  sabotage: {
    name: 'Sabotage',
    cartoon: 'custard pie launcher',
    cost: 0,
    threshold: 5,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  exposure: {
    name: 'Exposure',
    cartoon: 'spotlight',
    cost: 1,
    threshold: 6,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  surveillance: {
    name: 'Surveillance',
    cartoon: 'periscope',
    cost: 1,
    threshold: 5,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  infiltration: {
    name: 'Infiltration',
    cartoon: 'fake moustache',
    cost: 1,
    threshold: 6,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  assetTheft: {
    name: 'Asset Theft',
    cartoon: 'giant magnet',
    cost: 1,
    threshold: 5,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  misinformation: {
    name: 'Misinformation',
    cartoon: 'fake signpost',
    cost: 1,
    threshold: null,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  networkAttack: {
    name: 'Network Attack',
    cartoon: 'wire cutters',
    cost: 2,
    threshold: 5,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  resourceDenial: {
    name: 'Resource Denial',
    cartoon: 'anvil on the piggy bank',
    cost: 2,
    threshold: 6,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: false,
  },
  allianceDisruption: {
    name: 'Alliance Disruption',
    cartoon: 'banana peel',
    cost: 2,
    threshold: 4,
    die: 6,
    direct: false,
    targets: LIVE,
    allianceOnly: true,
  },
  falseFlag: {
    name: 'False Flag',
    cartoon: 'rubber mask',
    cost: 2,
    threshold: null,
    die: 10,
    direct: true,
    targets: LIVE,
    allianceOnly: true,
  },
  capture: {
    name: 'Capture',
    cartoon: 'butterfly net',
    cost: 2,
    threshold: 7,
    die: 10,
    direct: true,
    targets: ['burned'],
    allianceOnly: false,
  },
};

export interface DefenseSpec {
  name: string;
  cartoon: string;
  /** IP paid at reveal (Alliance Building: per partner named; False Identity: only when Exposure hits it). */
  cost: number;
  /** Statuses that may not choose it (RULINGS + design 6.3; Burned may only use the two allowed). */
  forbiddenFor: Status[];
  allianceOnly: boolean;
  /** Counter-intelligence category (design 4.2): False Flag fails against these. */
  counterIntel: boolean;
}

const NOT_WHEN_BURNED: Status[] = ['burned'];

export const DEFENSE_SPECS: Record<DefenseId, DefenseSpec> = {
  safeHouse: {
    name: 'Safe House',
    cartoon: 'Fortress of Trampolines',
    cost: 0,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: false,
  },
  bodyguardDetail: {
    name: 'Bodyguard Detail',
    cartoon: 'Robo-Duck Patrol',
    cost: 2,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: false,
  },
  mobileOperations: {
    name: 'Mobile Operations',
    cartoon: 'Jet-Powered Roller Skates',
    cost: 0,
    forbiddenFor: [],
    allianceOnly: false,
    counterIntel: false,
  },
  underground: {
    name: 'Underground',
    cartoon: 'Secret Tunnel Network',
    cost: 1,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: false,
  },
  sweepAndClear: {
    name: 'Sweep & Clear',
    cartoon: 'Bug-Sweeping Robot Vacuum',
    cost: 0,
    forbiddenFor: [],
    allianceOnly: false,
    counterIntel: true,
  },
  falseIdentity: {
    name: 'False Identity',
    cartoon: 'Switchable Mask Rack',
    cost: 0,
    forbiddenFor: ['compromised', 'burned'],
    allianceOnly: false,
    counterIntel: true,
  },
  counterSurveillance: {
    name: 'Counter-Surveillance',
    cartoon: 'Mirror Drone Squadron',
    cost: 2,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: true,
  },
  disinformation: {
    name: 'Disinformation',
    cartoon: 'ACME Fake News Broadcaster',
    cost: 1,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: true,
  },
  preemptiveStrike: {
    name: 'Preemptive Strike',
    cartoon: 'ACME Bat-Torpedo Launch',
    cost: 3,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: false,
  },
  allianceBuilding: {
    name: 'Alliance Building',
    cartoon: 'Mutual Booby Trap Setup',
    cost: 2,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: true,
    counterIntel: false,
  },
  honeypot: {
    name: 'Honeypot Operations',
    cartoon: 'Cartoon Bear Trap Suite',
    cost: 3,
    forbiddenFor: ['compromised', 'burned'],
    allianceOnly: false,
    counterIntel: false,
  },
  informationWarfare: {
    name: 'Information Warfare',
    cartoon: 'Biplane Banner Broadcast',
    cost: 2,
    forbiddenFor: NOT_WHEN_BURNED,
    allianceOnly: false,
    counterIntel: false,
  },
};

/** False Identity costs 2 IP only when an Exposure attempt hits it (design 4.2). */
export const FALSE_IDENTITY_CHARGE = 2;

export const GADGETS = [
  'listeningDevices',
  'cameraNetworks',
  'communicationIntercepts',
  'silencedWeapons',
  'explosivesBox',
  'bodyArmor',
  'bugDetectors',
  'signalJammers',
  'fakeDocumentsKit',
  'duckAmmo',
  'portableSafeHouseKit',
  'jetpackRollerSkates',
  'mobileFortress',
  'timeBombBeetle',
  'anvilDrone',
] as const;
export type GadgetId = (typeof GADGETS)[number];

export interface GadgetSpec {
  name: string;
  cost: number;
  /** permanent: always on; oneTime: Sacrificed when used; recharge: Tapped when used, 1 IP to recharge. */
  use: 'permanent' | 'oneTime' | 'recharge';
  /** Gadgets that must be owned to buy this one. */
  requires: GadgetId[];
  /** Remote-wired: a Signal Jammer destroys it when it is used against the jammer's owner. */
  remote: boolean;
  advanced: boolean;
  text: string;
}

export const RECHARGE_COST = 1;

export const GADGET_SPECS: Record<GadgetId, GadgetSpec> = {
  listeningDevices: {
    name: 'Listening Devices',
    cost: 1,
    use: 'oneTime',
    requires: [],
    remote: true,
    advanced: false,
    text: 'Your next Surveillance succeeds automatically unless the target uses Sweep & Clear.',
  },
  cameraNetworks: {
    name: 'Camera Networks',
    cost: 3,
    use: 'permanent',
    requires: [],
    remote: false,
    advanced: false,
    text: "Assembles during the next Planning Phase; from the round after, aim it in Adaptation and see that agent's defense during Planning once they have submitted.",
  },
  communicationIntercepts: {
    name: 'Communication Intercepts',
    cost: 2,
    use: 'oneTime',
    requires: [],
    remote: false,
    advanced: false,
    text: 'The next time two agents form a pact, you receive copies of the intel they share.',
  },
  silencedWeapons: {
    name: 'Silenced Weapons',
    cost: 2,
    use: 'permanent',
    requires: [],
    remote: false,
    advanced: false,
    text: '+1 on Assassination rolls; against a Safe House the Assassination is rolled instead of blocked.',
  },
  explosivesBox: {
    name: 'Explosives Box',
    cost: 3,
    use: 'oneTime',
    requires: [],
    remote: true,
    advanced: false,
    text: 'One Sabotage at +2; 50% misfire: the Sabotage fails and you take a compromise and -2 IP.',
  },
  bodyArmor: {
    name: 'Body Armor',
    cost: 2,
    use: 'permanent',
    requires: [],
    remote: false,
    advanced: false,
    text: 'Direct attacks on you roll at -1; no effect while Underground.',
  },
  bugDetectors: {
    name: 'Bug Detectors',
    cost: 2,
    use: 'recharge',
    requires: [],
    remote: false,
    advanced: false,
    text: 'Nullifies the first Infiltration or Surveillance on you in a round; you draw 1 Intel Card.',
  },
  signalJammers: {
    name: 'Signal Jammers',
    cost: 3,
    use: 'recharge',
    requires: [],
    remote: false,
    advanced: false,
    text: 'Destroys the first remote-wired gadget used against you in a round; the attack goes on without it.',
  },
  fakeDocumentsKit: {
    name: 'Fake Documents Kit',
    cost: 2,
    use: 'recharge',
    requires: [],
    remote: false,
    advanced: false,
    text: 'The first Exposure on you fails; the attacker loses 1 IP.',
  },
  duckAmmo: {
    name: 'Duck Ammo',
    cost: 1,
    use: 'oneTime',
    requires: [],
    remote: false,
    advanced: false,
    text: 'Bodyguard Detail spends one per block (RULINGS 14).',
  },
  portableSafeHouseKit: {
    name: 'Portable Safe House Kit',
    cost: 2,
    use: 'permanent',
    requires: [],
    remote: false,
    advanced: false,
    text: 'Safe House repairs cost nothing (RULINGS 14).',
  },
  jetpackRollerSkates: {
    name: 'Jetpack Roller Skates',
    cost: 3,
    use: 'permanent',
    requires: [],
    remote: false,
    advanced: false,
    text: '+1 initiative while using Mobile Operations: your attacks resolve first among ties.',
  },
  mobileFortress: {
    name: 'ACME Mobile Fortress',
    cost: 5,
    use: 'recharge',
    requires: ['duckAmmo', 'portableSafeHouseKit'],
    remote: false,
    advanced: true,
    text: "Use in a plan: every attack on you fails that round, and that round's income is forfeited.",
  },
  timeBombBeetle: {
    name: 'ACME Time-Bomb Beetle',
    cost: 3,
    use: 'oneTime',
    requires: [],
    remote: true,
    advanced: true,
    text: 'A successful Infiltration against a non-counter-intel defense makes the target start next round Compromised (-2 IP).',
  },
  anvilDrone: {
    name: 'ACME Anvil Drone',
    cost: 4,
    use: 'oneTime',
    requires: ['jetpackRollerSkates'],
    remote: true,
    advanced: true,
    text: 'One long-range Assassination at +2 that ignores Mobile Operations; 25% misfire: it fails.',
  },
};

export const ASSETS = ['bank', 'armory', 'blackMarket', 'broadcastStation', 'tunnelHub'] as const;
export type AssetId = (typeof ASSETS)[number];

export const ASSET_SPECS: Record<AssetId, { name: string; cost: number; yield: number }> = {
  bank: { name: 'ACME Bank', cost: 2, yield: 1 },
  armory: { name: 'ACME Armory', cost: 3, yield: 2 },
  blackMarket: { name: 'ACME Black Market', cost: 2, yield: 1 },
  broadcastStation: { name: 'ACME Broadcast Station', cost: 2, yield: 2 },
  tunnelHub: { name: 'ACME Underground Tunnel Hub', cost: 4, yield: 3 },
};

export const NPCS = ['guardDog', 'mailman'] as const;
export type NpcId = (typeof NPCS)[number];
export const NPC_SPECS: Record<NpcId, { name: string; cost: number; text: string }> = {
  guardDog: { name: 'ACME Guard Dog', cost: 2, text: 'Next round, the first attack on you rolls at -1.' },
  mailman: { name: 'ACME Mailman', cost: 1, text: 'Delivers one Intel Card at once (once a round).' },
};

/** Bribe ACME Rumor Mill: back to Active. */
export const RECOVER_COST: Partial<Record<Status, number>> = { compromised: 2, burned: 3 };
export const ESCAPE_CARDS = 2;
export const HAUNT_CARDS = 2;
export const PACT_COST = 2;
export const COORDINATION_COST = 3;
export const PACT_ROUNDS = 2;
export const BREAK_PACT_COST = 1;
export const BETRAYAL_IP = 2;
export const BETRAYAL_LOCKOUT_ROUNDS = 3;
export const EXPOSED_ROUNDS = 2;
export const CODENAME_REVEAL_ROUNDS = 2;
export const BANNER_MAX = 50;
export const POSITIONS = [1, 2, 3] as const;

export const FACTS = ['codename', 'safeHouse', 'gadget'] as const;
export type Fact = (typeof FACTS)[number];

export const CODENAMES = [
  'Custard Falcon',
  'Velvet Anvil',
  'Rubber Chicken',
  'Silent Kazoo',
  'Dr. Whoopee',
  'Agent Banana',
  'Night Trombone',
  'Pogo Viper',
  'Captain Spatula',
  'Madame Mallet',
];
export const SAFE_HOUSES = [
  'Lighthouse',
  'Cuckoo Clock Tower',
  'Giant Teapot',
  'Abandoned Circus',
  'Hollow Volcano',
  'Laundromat',
  'Submarine Diner',
  'Windmill',
];
export const FAVOURITE_GADGETS = [
  'exploding cigar',
  'spring-loaded boxing glove',
  'rocket umbrella',
  'magnet boots',
  'portable hole',
  'whoopee cushion mine',
  'instant tunnel paint',
  'invisible ink pen',
];
