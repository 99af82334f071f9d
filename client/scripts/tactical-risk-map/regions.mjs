// The board's regions, described against Natural Earth countries (world-atlas names).
// Coordinates are [longitude, latitude] in degrees. The map's edge is at EDGE_LON (past 180, so
// Midway and the Bering Strait sit inside the right edge): longitudes west of EDGE_LON - 360 are
// moved onto the right side, and a box may reach past 180 up to EDGE_LON.

/** The map's left/right edge (171°W): the Pacific is cut near the date line, as on the classic board. */
export const EDGE_LON = 189;
/** Latitudes shown: the Arctic above and Antarctica below are cropped. */
export const NORTH_LAT = 80;
export const SOUTH_LAT = -60;

/** Countries assigned whole to one land territory. */
export const WHOLE = {
  Afghanistan: ['Afghanistan'],
  Algeria: ['Algeria', 'Tunisia', 'Morocco'],
  'Anglo Sudan Egypt': ['Egypt', 'Sudan', 'S. Sudan'],
  Angola: ['Angola'],
  'Argentina-Chile': ['Argentina', 'Uruguay', 'Paraguay', 'Falkland Is.'],
  Brazil: ['Brazil', 'Guyana', 'Suriname'],
  Caucasus: ['Georgia', 'Armenia', 'Azerbaijan'],
  Columbia: ['Colombia', 'Venezuela'],
  Congo: ['Dem. Rep. Congo', 'Rwanda', 'Burundi'],
  Cuba: ['Cuba', 'Jamaica', 'Haiti', 'Dominican Rep.', 'Puerto Rico', 'Bahamas'],
  'East Europe': ['Poland', 'Lithuania', 'Latvia', 'Estonia', 'Slovakia', 'Hungary', 'Romania'],
  Eire: ['Ireland'],
  'Finland Norway': ['Finland', 'Norway', 'Åland'],
  'French Equatorial Africa': [
    'Chad',
    'Central African Rep.',
    'Cameroon',
    'Congo',
    'Gabon',
    'Eq. Guinea',
    'Nigeria',
    'Niger',
  ],
  'French Indo China': ['Vietnam', 'Laos', 'Cambodia', 'Thailand', 'Myanmar', 'Singapore'],
  'French West Africa': [
    'Mauritania',
    'Senegal',
    'Gambia',
    'Guinea-Bissau',
    'Guinea',
    'Sierra Leone',
    'Liberia',
    "Côte d'Ivoire",
    'Mali',
    'Burkina Faso',
    'Ghana',
    'Togo',
    'Benin',
  ],
  Germany: ['Germany', 'Austria', 'Czechia', 'Denmark'],
  India: ['Pakistan', 'Bangladesh', 'Nepal', 'Bhutan', 'Sri Lanka'],
  'Italian East Africa': ['Ethiopia', 'Eritrea', 'Somalia', 'Somaliland', 'Djibouti'],
  'Kazakh S.S.R.': ['Kazakhstan', 'Uzbekistan', 'Turkmenistan', 'Kyrgyzstan', 'Tajikistan'],
  'Kenya-Rhodesia': ['Kenya', 'Uganda', 'Tanzania', 'Zambia', 'Zimbabwe', 'Malawi'],
  Libya: ['Libya'],
  Madagascar: ['Madagascar'],
  Manchuria: ['North Korea', 'South Korea'],
  Mexico: ['Mexico'],
  Mongolia: ['Mongolia'],
  Mozambique: ['Mozambique'],
  Panama: ['Guatemala', 'Belize', 'Honduras', 'El Salvador', 'Nicaragua', 'Costa Rica', 'Panama'],
  Persia: ['Iran'],
  Peru: ['Peru', 'Bolivia'],
  Philippines: ['Philippines'],
  'Rio del Oro': ['W. Sahara'],
  'Saudi Arabia': ['Saudi Arabia', 'Yemen', 'Oman', 'United Arab Emirates', 'Qatar', 'Kuwait', 'Bahrain'],
  'Solomon Islands': ['Solomon Is.'],
  'South Africa': ['South Africa', 'Lesotho', 'eSwatini', 'Namibia', 'Botswana'],
  'South Europe': [
    'Italy',
    'San Marino',
    'Vatican',
    'Malta',
    'Slovenia',
    'Croatia',
    'Bosnia and Herz.',
    'Serbia',
    'Kosovo',
    'Montenegro',
    'Albania',
    'Macedonia',
    'Greece',
    'Bulgaria',
  ],
  Sweden: ['Sweden'],
  Switzerland: ['Switzerland', 'Liechtenstein'],
  'Syria Jordan': ['Syria', 'Lebanon', 'Israel', 'Palestine', 'Jordan'],
  Turkey: ['Turkey', 'Cyprus', 'N. Cyprus'],
  'Ukraine S.S.R.': ['Ukraine', 'Belarus', 'Moldova'],
  'United Kingdom': ['United Kingdom', 'Isle of Man', 'Jersey', 'Guernsey'],
  'West Europe': ['Belgium', 'Netherlands', 'Luxembourg', 'Monaco'],
  'Caroline Islands': ['Palau', 'Micronesia'],
};

/**
 * Countries split between territories (or trimmed of far-away islands). Rules are tried in order and
 * the first whose boxes contain a piece takes it, so neighbouring pieces share their cut lines
 * exactly. Boxes are [west, south, east, north]. A piece outside every rule is dropped.
 */
export const SPLIT = {
  'United States of America': [
    { territory: 'Hawaiian Islands', boxes: [[-161, 18, -154, 23]] },
    { territory: 'Alaska', boxes: [[-171, 50, -129.5, 72]] },
    { territory: 'West US', boxes: [[-126, 24, -96, 50]] },
    { territory: 'East US', boxes: [[-96, 24, -65, 50]] },
  ],
  Canada: [
    { territory: 'West Canada', boxes: [[-141.5, 41, -95, 84]] },
    { territory: 'East Canada', boxes: [[-95, 41, -50, 84]] },
  ],
  Russia: [
    { territory: 'East Europe', boxes: [[19, 54, 23, 56]] },
    { territory: 'Karelia S.S.R.', boxes: [[26, 54, 45, 82]] },
    { territory: 'Caucasus', boxes: [[30, 40, 48, 54]] },
    { territory: 'Russia', boxes: [[45, 40, 62, 82]] },
    { territory: 'Novosibirsk', boxes: [[62, 40, 95, 60]] },
    { territory: 'Evenki National Okrug', boxes: [[62, 60, 105, 82]] },
    {
      territory: 'Soviet Far East',
      boxes: [
        [130, 40, 140, 55],
        [140, 40, 189, 82],
      ],
    },
    { territory: 'Yakut S.S.R.', boxes: [[95, 40, 140, 82]] },
  ],
  China: [
    {
      territory: 'Sinkiang',
      boxes: [
        [73, 26, 97, 50],
        [97, 27.5, 98.8, 36],
      ],
    },
    { territory: 'Manchuria', boxes: [[115, 40, 136, 54]] },
    // Kwangtung is the whole coast (the board's China has no sea zone), up to Manchuria.
    {
      territory: 'Kwangtung',
      boxes: [
        [104, 17, 123, 25.5],
        [116, 25.5, 123, 40],
      ],
    },
    { territory: 'China', boxes: [[97, 17, 123, 45]] },
  ],
  'Hong Kong': [{ territory: 'Kwangtung', boxes: [[113, 22, 115, 23]] }],
  Macao: [{ territory: 'Kwangtung', boxes: [[113, 22, 115, 23]] }],
  India: [{ territory: 'India', boxes: [[68, 6, 98, 37]] }],
  // Basra goes to Persia so that Persia meets Saudi Arabia (Kuwait), as on the board.
  Iraq: [
    { territory: 'Persia', boxes: [[45.5, 29, 49, 31.8]] },
    { territory: 'Syria Jordan', boxes: [[38, 29, 49, 38]] },
  ],
  Indonesia: [
    {
      territory: 'Borneo Celebes',
      boxes: [
        [108, -4.5, 119.3, 8],
        [118.7, -6.5, 125.8, 2.2],
      ],
    },
    { territory: 'New Guinea', boxes: [[130.8, -11, 141.1, 0]] },
    { territory: 'East Indies', boxes: [[94, -11.5, 141, 6]] },
  ],
  'Timor-Leste': [{ territory: 'East Indies', boxes: [[120, -10, 128, -8]] }],
  Malaysia: [
    { territory: 'French Indo China', boxes: [[99, 0, 105, 7.5]] },
    { territory: 'Borneo Celebes', boxes: [[109, 0, 120, 8]] },
  ],
  Brunei: [{ territory: 'Borneo Celebes', boxes: [[113, 4, 116, 6]] }],
  'Papua New Guinea': [
    { territory: 'Solomon Islands', boxes: [[154, -7, 156.5, -4.5]] },
    { territory: 'New Guinea', boxes: [[140, -12, 154, 0]] },
  ],
  Japan: [
    { territory: 'Okinawa', boxes: [[122, 23, 131.5, 29.9]] },
    { territory: 'Japan', boxes: [[128, 29.9, 146, 46]] },
  ],
  France: [
    { territory: 'Brazil', boxes: [[-55, 1, -51, 6]] },
    { territory: 'West Europe', boxes: [[-6, 41, 10, 52]] },
  ],
  Spain: [
    { territory: 'Gibraltar', boxes: [[-6.4, 35.9, -4.6, 37]] },
    { territory: 'Spain', boxes: [[-10, 35, 5, 44.5]] },
  ],
  Portugal: [{ territory: 'Spain', boxes: [[-10, 36, -6, 42.5]] }],
  Andorra: [{ territory: 'Spain', boxes: [[1, 42, 2, 43]] }],
  Chile: [{ territory: 'Argentina-Chile', boxes: [[-76, -56, -66, -17]] }],
  Ecuador: [{ territory: 'Columbia', boxes: [[-81.5, -5.1, -75, 1.5]] }],
  Australia: [{ territory: 'Australia', boxes: [[112, -44, 154, -10]] }],
  'New Zealand': [{ territory: 'New Zealand', boxes: [[166, -48, 179.5, -34]] }],
};

/** Islands too small to see at board scale get a disc of this radius (map pixels) around them. */
export const ISLAND_DISCS = {
  Midway: { at: [-177.4, 28.2], r: 11 },
  'Wake Island': { at: [166.6, 19.3], r: 11 },
  'Caroline Islands': { at: [151.8, 7.4], r: 13 },
  Okinawa: { at: [127.8, 26.4], r: 9 },
  'Hawaiian Islands': { at: [-157.5, 20.6], r: 9 },
  Gibraltar: { at: [-5.4, 36.3], r: 6 },
  'Solomon Islands': { at: [159.5, -8.5], r: 8 },
};

/**
 * Sea zones: each is the union of the Voronoi cells of its anchor points, minus land. Anchors with
 * zone null are water that belongs to no zone (the Arctic). Each zone's first anchor is its label.
 */
export const SEA_ANCHORS = {
  'Alaska Sea Zone': [
    [-160, 55],
    [-174, 59],
    [175, 60],
  ],
  'West Canada Sea Zone': [
    [-137, 54],
    [-136, 50],
  ],
  'West US Sea Zone': [
    [-128, 36],
    [-122, 30],
    [-128, 46],
  ],
  'Midway Sea Zone': [
    [-176, 32],
    [-160, 36],
    [-150, 36],
  ],
  'North Pacific Sea Zone': [
    [170, 46],
    [-176, 46],
    [160, 40],
  ],
  'Soviet Far East Sea Zone': [
    [150, 52],
    [164, 54],
    [142, 47],
  ],
  'Japan Sea Zone': [
    [145, 36],
    [134, 39],
    [150, 30],
  ],
  'Okinawa Sea Zone': [
    [132, 24],
    [125, 28],
    [138, 26],
  ],
  'Kwangtung Sea Zone': [
    [117, 19],
    [122, 30],
  ],
  'Philippines Sea Zone': [
    [130, 14],
    [134, 20],
    [119, 14],
  ],
  'French Indo China Sea Zone': [
    [111, 13],
    [102, 10],
  ],
  'Borneo Sea Zone': [
    [119, -4],
    [124, 2],
    [114, 7],
  ],
  'East Indies Sea Zone': [
    [100, -8],
    [110, -9],
    [93, 2],
  ],
  'Indian Ocean Sea Zone': [
    [78, 2],
    [88, 13],
    [68, 12],
  ],
  'Red Sea Zone': [
    [58, 16],
    [38, 20],
    [51, 27],
    [47, 12],
  ],
  'Mozambique Sea Zone': [
    [42, -18],
    [47, -4],
    [37, -25],
  ],
  'West Compass Sea Zone': [
    [64, -12],
    [60, 0],
    [52, -12],
  ],
  'South East Madagascar Sea Zone': [
    [53, -31],
    [54, -22],
  ],
  'South Africa Sea Zone': [
    [28, -40],
    [36, -33],
    [44, -30],
  ],
  'South Compass Sea Zone': [
    [72, -42],
    [55, -50],
    [88, -52],
    [108, -58],
  ],
  'East Compass Sea Zone': [
    [90, -22],
    [82, -10],
    [103, -46],
  ],
  'West Australia Sea Zone': [
    [106, -26],
    [108, -38],
  ],
  'South Australia Sea Zone': [
    [135, -43],
    [150, -44],
    [120, -48],
  ],
  'North Australia Sea Zone': [
    [134, -11],
    [154, -20],
    [118, -14],
    [158, -32],
  ],
  'New Guinea Sea Zone': [
    [140, -2],
    [150, -4],
  ],
  'Caroline Islands Sea Zone': [
    [148, 11],
    [140, 6],
    [142, 18],
  ],
  'Solomon Islands Sea Zone': [
    [163, -10],
    [166, -2],
    [168, -20],
  ],
  'Wake Island Sea Zone': [
    [166, 24],
    [172, 14],
    [152, 20],
  ],
  'Hawaii Sea Zone': [
    [-157, 15],
    [-168, 20],
    [-165, 5],
    [-178, 10],
    [-138, 24],
  ],
  'South Pacific Sea Zone': [
    [-150, -15],
    [-165, -25],
    [175, -18],
    [-138, 2],
  ],
  'New Zealand Sea Zone': [
    [170, -42],
    [-170, -45],
    [-140, -52],
    [162, -52],
    [-115, -50],
  ],
  'East Pacific Sea Zone': [
    [-120, -18],
    [-125, 0],
  ],
  'Mexico Sea Zone': [
    [-110, 14],
    [-111, 25],
    [-128, 12],
  ],
  'West Panama Sea Zone': [
    [-88, 5],
    [-95, 10],
  ],
  'Peru Sea Zone': [
    [-85, -18],
    [-90, -5],
    [-100, -28],
  ],
  'South Argentina Sea Zone': [
    [-85, -50],
    [-65, -57],
    [-100, -40],
  ],
  'East Argentina Sea Zone': [
    [-50, -40],
    [-58, -45],
  ],
  'South Brazil Sea Zone': [
    [-30, -20],
    [-38, -28],
  ],
  'North Brazil Sea Zone': [
    [-38, 3],
    [-30, -5],
  ],
  'Carribean Sea Zone': [
    [-74, 15],
    [-64, 20],
    [-60, 13],
  ],
  'Gulf of Mexico Sea Zone': [[-90, 25]],
  'East US Sea Zone': [
    [-68, 35],
    [-62, 40],
    [-75, 30],
  ],
  'North Atlantic Sea Zone': [
    [-42, 38],
    [-45, 25],
    [-35, 42],
  ],
  'East Canada Sea Zone': [
    [-52, 50],
    [-50, 58],
    [-86, 59],
    [-62, 64],
  ],
  'West Spain Sea Zone': [
    [-18, 41],
    [-15, 32],
    [-32, 52],
    [-6, 46],
  ],
  'West Africa Sea Zone': [
    [-24, 17],
    [-20, 6],
    [-8, 1],
    [-22, -6],
  ],
  'Congo Sea Zone': [
    [4, -4],
    [7, 1],
    [-10, -10],
  ],
  'Angola Sea Zone': [
    [6, -20],
    [2, -34],
  ],
  'South Atlantic Sea Zone': [
    [-15, -32],
    [-22, -44],
    [-45, -50],
  ],
  'Antartic Sea Zone': [
    [-15, -55],
    [15, -53],
    [-42, -57],
  ],
  'North Sea Zone': [
    [3, 57],
    [-12, 56],
    [-2, 66],
    [-22, 64],
    [-35, 62],
  ],
  'Karelia Sea Zone': [
    [38, 72],
    [20, 73],
    [40, 66],
  ],
  'Baltic Sea Zone': [
    [19, 57],
    [20, 62],
    [11, 57],
  ],
  'West Mediteranean Sea Zone': [
    [4, 39],
    [-2, 36.5],
  ],
  'Central Mediteranean Sea Zone': [
    [17, 35],
    [12, 40],
    [16, 42],
  ],
  'East Mediteranean Sea Zone': [
    [29, 34],
    [25, 38.5],
  ],
  'Black Sea Zone': [[34, 43]],
  'Caspian Sea Zone': [[50.5, 42]],
};

/** Water that is no sea zone: the Arctic coasts of Siberia, Canada and Greenland. */
export const OPEN_WATER = [
  [90, 77],
  [120, 76],
  [150, 74],
  [175, 71],
  [-165, 72],
  [-130, 72],
  [-100, 76],
  [-75, 75],
  [-10, 78],
  [60, 78],
  [-40, 68],
];

/** Label positions chosen by hand where the automatic one crowds a neighbour's. */
export const LABEL_AT = {
  'West Europe': [1.5, 47.2],
  Eire: [-8.2, 53.2],
  'United Kingdom': [-1.6, 52.6],
  Switzerland: [8.2, 46.8],
  Gibraltar: [-5.4, 36.2],
  'Ukraine S.S.R.': [31, 49.3],
};
