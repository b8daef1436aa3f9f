/**
 * Duplicate detection during an import (docs/import.md#duplicates), through the real app: a project of 100,000
 * stakeholders (written with COPY, match keys left NULL), then 20,000 incoming rows uploaded to
 * POST /api/file/parse and committed by POST /api/file/import (the pg-boss job: blocking keys,
 * candidates, held-back rows in import_duplicate). 500 of the rows are planted near-duplicates of known
 * kinds of existing stakeholders; the rest are new people, many sharing common names with existing ones.
 * Reports the import's time, the one-off key refresh, recall and the share of wrong candidates. Then
 * 100,000 properties and an import of the same 100,000 volume/folios, all merged automatically, against
 * a raw COPY + UPDATE … FROM of the same rows in the same run.
 *
 *   npm run build && npm run bench:dedupe
 *
 * Everything is generated from a seeded PRNG (BENCH_DEDUPE_SEED), so each run writes the same data.
 * To profile, start the app yourself with `node --cpu-prof --expose-gc build/index.js` (DATA_DIR,
 * EMBEDDED_PG_PORT) and point BENCH_URL and DATA_DIR at it. The name lists are part of the benchmark's
 * realism, hence the file's length.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { prng, ranked, signIn, startApp, uploadForParse } from "./lib.mjs";
import { databaseUrl } from "./seed-large.mjs";

const EXISTING = Number(process.env.BENCH_DEDUPE_EXISTING ?? 100_000);
const INCOMING = Number(process.env.BENCH_DEDUPE_INCOMING ?? 20_000);
const PLANTED = Number(process.env.BENCH_DEDUPE_PLANTED ?? 500);
const PROPERTIES = Number(process.env.BENCH_DEDUPE_PROPERTIES ?? 100_000);
const SEED = Number(process.env.BENCH_DEDUPE_SEED ?? 2026);
/** How long the benchmark waits for one import before it reports the rate so far instead (BENCH_DEDUPE_LIMIT seconds). */
const IMPORT_LIMIT_SECONDS = Number(process.env.BENCH_DEDUPE_LIMIT ?? 600);
const RECALL_TARGET = 0.95;
const WRONG_TARGET = 0.02;

// ------------------------------------------------------------------------------------------ data

const rng = prng(SEED);
const int = (n) => Math.floor(rng() * n);
const pick = (list) => list[int(list.length)];
const words = (text) => text.trim().split(/\s+/);

// Roughly in order of frequency in Australia, older and newer generations and migrant communities mixed.
const MALE = words(`John David Peter Michael Robert James Paul Mark Andrew Stephen William Christopher Matthew Daniel Thomas
  Anthony Richard Joseph Benjamin Samuel Jack Oliver Noah Liam Lucas Henry Leo Ethan Mason Cooper Harrison Lachlan
  Hamish Angus Archie Riley Kai Jacob Ryan Nathan Luke Adam Scott Brett Shane Darren Craig Wayne Glenn Graham Ian
  Gregory Timothy Nicholas Alexander Edward George Charlie Oscar Hugo Max Kevin Brian Colin Keith Barry Trevor Neil
  Dean Troy Jason Aaron Justin Bradley Mitchell Jordan Tyler Dylan Connor Harry Alfie Finn Jasper Xavier Patrick Sean
  Declan Callum Hayden Blake Jake Zac Mohammed Ahmed Omar Ali Wei Jun Minh Tuan Duc Rangi Sione Raj Arjun Sanjay
  Vikram Giovanni Marco Nikos Dimitri Hiroshi Kenji Mateo Diego Ivan Pavel Tomasz`);
const FEMALE = words(`Margaret Mary Susan Jennifer Elizabeth Patricia Helen Karen Sarah Jessica Emily Olivia Charlotte Amelia
  Isla Mia Grace Chloe Ava Zoe Ruby Sophie Matilda Evie Harper Ella Willow Lisa Michelle Kylie Nicole Rebecca Rachel
  Emma Hannah Lauren Megan Amy Jane Anne Catherine Katherine Kimberley Deborah Julie Tracey Natalie Victoria
  Alexandra Samantha Joanne Christine Linda Barbara Dorothy Judith Gail Wendy Sharon Leanne Belinda Melissa Kate
  Alice Lucy Georgia Isabella Sienna Madison Scarlett Poppy Frankie Heidi Ivy Violet Hazel Stella Eliza Aria Layla
  Fatima Aisha Leila Mei Ling Xin Anh Linh Thuy Priya Deepa Anjali Aroha Mele Rosa Giulia Maria Eleni Sofia Yuki
  Hana Ana Katarzyna Olga`);
/** Common surnames, most common first; a long tail (below) covers the rest of the population. */
const SURNAMES = words(`Smith Jones Williams Brown Wilson Taylor Nguyen Johnson Martin White Anderson Walker Thompson Thomas Lee
  Ryan Robinson Kelly King Harris Davis Wright Evans Roberts Green Hall Wood Jackson Clarke Patel Khan Mitchell
  Campbell Hughes Edwards Turner Cooper Hill Morgan Baker Young Allen Scott Stewart Murphy Bennett Moore Lewis
  Harrison Ward Phillips Cook Watson Clark Kennedy Murray Graham Russell Reid Johnston Morris Carter Collins Parker
  Price Shaw Bell Chapman Webb Fraser Hunt Mills Marshall Knight Simpson Gray Ellis Chen Wang Li Zhang Liu Tran Le
  Pham Singh Kaur Sharma Ali Ahmed Hussain Rossi Russo Ferraro Romano Papadopoulos Nikolaidis Kowalski Novak O'Brien
  O'Connor O'Neill McDonald McKenzie MacLeod Doyle Byrne Gallagher Quinn Sullivan Walsh Burke Lynch Dunn Ross
  Hamilton Grant Wallace Black Boyd Hart Lawrence Dixon Fox Rose Holmes Palmer Lloyd Barnes Fisher Gibson Wells
  Hayes Owen Powell Richardson Stevens Webster Porter Hudson Sutherland Jenkins Fletcher Pearce Day Hunter
  Matthews Reynolds Bailey Butler Barker Warren Payne Spencer Harvey Newman Page Nash Weston Lowe Armstrong Watts
  Dawson Cunningham Lane Burns Rogers Cox Ford Howard Mason Wilkinson Atkinson Nicholson Gardner Horton Hodges Nolan
  Flynn Duffy Kerr Logan Baxter Sinclair Schultz Muller Schmidt Becker Weber Jansen Andersen Larsen Lindqvist
  Nielsen Yilmaz Haddad Nasser Khoury Tanaka Sato Kim Park Choi Huang Zhao Wu Zhou Xu Ho Lam Wong Chan Cheung Dang
  Vu Do Bui Hoang Ngata Tupou Fonua Perera Fernando Silva Costa Santos Pereira`);
/** Less common surnames of many origins, the long tail (each about as common as a 150th-ranked name). */
const TAIL = [
  ...new Set(
    words(`Abbott Acton Adair Adcock Ainsworth Aitken Alcock Alder Aldridge Allsop Ambrose Appleby Archer Arkwright Arnold Ashby
  Ashton Astley Atherton Austin Aylward Bagshaw Bainbridge Ballard Bancroft Barlow Barnard Barnett Barr Barrett Barton Bates
  Battersby Beattie Beaumont Beck Beckett Bellamy Benson Bentley Beresford Berry Bickford Bird Birch Bishop Blackburn Blair
  Blake Bland Blundell Bolton Bond Booth Boswell Bourke Bowden Bowen Bowman Bradbury Bradshaw Brady Bramley Brennan Brett
  Brewer Bridges Briggs Brooks Broughton Buchanan Buckley Bullock Burgess Burnett Burrows Burton Bush Buxton Calder Callaghan
  Cameron Cannon Carey Carlisle Carmichael Carr Carroll Carson Cartwright Casey Chadwick Chambers Chandler Cheshire Christie
  Churchill Clancy Clayton Clifford Cochrane Coleman Connolly Conway Corbett Cosgrove Coulter Cowan Craig Crawford Crosby
  Crowther Cullen Curran Curtis Dalton Daly Darby Davidson Deacon Dempsey Denholm Dennis Devlin Dickson Dillon Dobson Dodd
  Donnelly Dougherty Dowling Drummond Duggan Duncan Dunlop Durham Dwyer Eastwood Eaton Elliott Emerson Ennis Everett Fairbairn
  Falconer Farrell Faulkner Fenton Ferguson Field Finch Finlay Fitzgerald Fitzpatrick Fleming Forbes Forrest Foster Fowler
  Francis Frost Fuller Gale Galloway Garrett Gibbs Gilbert Gill Gilmore Gleeson Glover Goddard Godfrey Goodwin Gordon Gough
  Gould Graves Gregory Griffin Griffiths Guthrie Hackett Haines Hale Halliday Hammond Hancock Hanley Hanson Hardy Hargreaves
  Harding Harper Hartley Hastings Hawkins Hayward Healy Heath Henderson Hennessy Herbert Hewitt Hickey Hicks Higgins Hobbs
  Hodgson Hogan Holland Holloway Hooper Hopkins Horne Houghton Howe Hoyle Hubbard Humphreys Hurley Hutchinson Inglis Ingram
  Irvine Jarvis Jeffery Jennings Jordan Joyce Kavanagh Keane Keating Keegan Kemp Kendall Kenny Kent Kirby Kirk Lamb Lambert
  Langley Larkin Lawson Leach Leahy Lennon Leslie Lindsay Little Lockwood Lord Lucas Lyons Mackay Madden Maguire Mahoney Malone
  Mann Manning Marsh Maxwell McAlister McBride McCabe McCarthy McGrath McGuire McIntosh McIntyre McLean McMahon McNamara
  Meehan Mercer Metcalfe Middleton Miles Milne Molloy Monaghan Montgomery Moran Morrison Morton Moss Muir Mulligan Munro Naylor
  Neville Newton Noble Norris Norton Oakley Oliver Osborne Paterson Patterson Pearson Perkins Perry Pickering Pike Pollard
  Potter Pratt Preston Pritchard Quigley Rafferty Ramsay Randall Rawlings Rayner Redmond Reeves Regan Riley Ritchie Robson Rowe
  Rutherford Ryder Salisbury Sanderson Sargent Saunders Savage Sawyer Sexton Sharp Sheehan Shepherd Sheridan Short Skinner
  Slater Sloan Small Spence Stanley Steele Stone Stuart Sweeney Swift Talbot Tate Thornton Tierney Tobin Todd Townsend Tucker
  Tully Underwood Vaughan Vickers Wade Wainwright Walters Warner Waters Watt Weaver Whelan Whitehead Whitfield Wilde Wilkins
  Willis Winter Wise Woods Woodward Wyatt Yates Amato Barbaro Bianchi Bruno Caruso Colombo Conti DeLuca Esposito Fontana Galli
  Gallo Greco Lombardi Mancini Marino Moretti Ricci Rinaldi Santoro Serra Vitale Zanetti Bellini Cirillo Agostino Bonello Borg
  Camilleri Farrugia Galea Grech Vella Zammit Abela Androulakis Christodoulou Georgiou Ioannou Karagiannis Konstantinidis Makris
  Vlahos Stavrou Horvat Kovacevic Novakovic Petrovic Jovanovic Nikolic Markovic Babic Juric Bauer Fischer Hoffmann Koch Krause
  Lehmann Meyer Neumann Richter Schneider Schwarz Vogel Wagner Werner Zimmermann Bakker Visser Dekker Mulder Bos Vos Hendriks
  Johansson Karlsson Nilsson Eriksson Olsen Hansen Pedersen Christensen Jensen Nowak Wisniewski Wojcik Lewandowski Zielinski
  Szymanski Dabrowski Kozlowski Jankowski Mazur Krawczyk Yang Zhu Sun Ma Hu Guo He Lin Luo Gao Liang Song Tang Han Feng Deng Cao
  Peng Zeng Xie Pan Yuan Cai Jiang Du Ye Cheng Wei Su Lu Ding Ren Shen Yao Lo Tsang Leung Yip Chow Fong Kwan Mak Ng Tse Yeung
  Truong Huynh Phan Vo Ngo Duong Ly Dinh Mai Luong Trinh Lim Tan Goh Teo Ong Koh Chua Nakamura Suzuki Takahashi Watanabe Ito
  Yamamoto Kobayashi Kato Yoshida Yamada Kang Cho Yoon Jang Shin Gupta Kumar Reddy Iyer Nair Menon Pillai Rao Joshi Desai Mehta
  Shah Chopra Malhotra Kapoor Bhatia Chaudhry Qureshi Siddiqui Rahman Hossain Islam Chowdhury Akhtar Aziz Farouk Hassan Ibrahim
  Mansour Saleh Yousef Abboud Azzi Daher Karam Saad Tannous Obeid Gebremedhin Tesfaye Mensah Okafor Okonkwo Adeyemi Mwangi
  Otieno Abdi Warsame Jama Osman Tuilagi Faleolo Leota Taufa Havili Pohiva Tapsell Parata Tamihana Waititi Rewi Heke Kereama
  Nikora`),
  ),
].filter((name) => !SURNAMES.includes(name));
const pickMale = ranked(MALE, 6, rng);
const pickFemale = ranked(FEMALE, 6, rng);
const pickCommonSurname = ranked(SURNAMES, 5, rng);
const SYLLABLES = words("ba be bi bo da de di do ga ge go ka ke ki ko ku la le li lo lu ma me mi mo na ne ni no pa pe po ra re ri ro ru sa se si so ta te ti to va ve vi vo za zo");
const ENDINGS = ["", "", "n", "s", "r", "l", "k", "ti", "ova", "ic", "er", "son", "ez", "ini", "ak", "idis"];
/** A rare surname: most people's surname is shared with few others in a project, so these are practically unique. */
function rareSurname() {
  const name = Array.from({ length: 2 + int(2) }, () => pick(SYLLABLES)).join("") + pick(ENDINGS);
  return name[0].toUpperCase() + name.slice(1);
}
/** A quarter carry one of the common surnames (Smith about 1.3 %), a third one of the tail, the rest a rare one. */
const pickSurname = () => {
  const r = rng();
  return r < 0.25 ? pickCommonSurname() : r < 0.6 ? pick(TAIL) : rareSurname();
};

/** What people are called for short: an e-mail or phone match often comes with another spelling of the name. */
const NICKNAMES = {
  William: "Bill",
  Robert: "Bob",
  Elizabeth: "Liz",
  Margaret: "Maggie",
  James: "Jim",
  Michael: "Mick",
  Katherine: "Kate",
  Jennifer: "Jen",
  Christopher: "Kit",
  Matthew: "Matt",
  Daniel: "Danny",
  Thomas: "Tom",
  Richard: "Rick",
  Alexander: "Sandy",
  Benjamin: "Ben",
  Samuel: "Sam",
  Jessica: "Jess",
  Rebecca: "Bec",
  Patricia: "Trish",
  Susan: "Sue",
  Deborah: "Deb",
  Stephen: "Steve",
  Anthony: "Tony",
  Andrew: "Drew",
  Joseph: "Joe",
  Edward: "Ted",
  Nicholas: "Nick",
  Timothy: "Tim",
  Gregory: "Greg",
  Kimberley: "Kim",
  Victoria: "Tori",
  Alexandra: "Lexie",
  Catherine: "Cathy",
  Barbara: "Barb",
  Dorothy: "Dot",
  Judith: "Judy",
  Christine: "Chris",
  Jacob: "Jake",
  Peter: "Pete",
  Patrick: "Paddy",
  Bradley: "Brad",
  Nathan: "Nate",
};

const TOWNS = [
  ["Beaufort", "VIC", 3373],
  ["Ararat", "VIC", 3377],
  ["Stawell", "VIC", 3380],
  ["Skipton", "VIC", 3361],
  ["Avoca", "VIC", 3467],
  ["Ballarat", "VIC", 3350],
  ["Bendigo", "VIC", 3550],
  ["Horsham", "VIC", 3400],
  ["Hamilton", "VIC", 3300],
  ["Colac", "VIC", 3250],
  ["Mildura", "VIC", 3500],
  ["Shepparton", "VIC", 3630],
  ["Wangaratta", "VIC", 3677],
  ["Sale", "VIC", 3850],
  ["Bairnsdale", "VIC", 3875],
  ["Warrnambool", "VIC", 3280],
  ["Echuca", "VIC", 3564],
  ["Swan Hill", "VIC", 3585],
  ["Castlemaine", "VIC", 3450],
  ["Kyneton", "VIC", 3444],
  ["Dubbo", "NSW", 2830],
  ["Orange", "NSW", 2800],
  ["Bathurst", "NSW", 2795],
  ["Wagga Wagga", "NSW", 2650],
  ["Tamworth", "NSW", 2340],
  ["Armidale", "NSW", 2350],
  ["Goulburn", "NSW", 2580],
  ["Mudgee", "NSW", 2850],
  ["Parkes", "NSW", 2870],
  ["Forbes", "NSW", 2871],
  ["Moree", "NSW", 2400],
  ["Narrabri", "NSW", 2390],
  ["Griffith", "NSW", 2680],
  ["Young", "NSW", 2594],
  ["Cowra", "NSW", 2794],
  ["Toowoomba", "QLD", 4350],
  ["Dalby", "QLD", 4405],
  ["Roma", "QLD", 4455],
  ["Emerald", "QLD", 4720],
  ["Chinchilla", "QLD", 4413],
  ["Kingaroy", "QLD", 4610],
  ["Warwick", "QLD", 4370],
  ["Goondiwindi", "QLD", 4390],
  ["Gympie", "QLD", 4570],
  ["Biloela", "QLD", 4715],
  ["Mount Gambier", "SA", 5290],
  ["Naracoorte", "SA", 5271],
  ["Clare", "SA", 5453],
  ["Murray Bridge", "SA", 5253],
  ["Port Pirie", "SA", 5540],
  ["Northam", "WA", 6401],
  ["Narrogin", "WA", 6312],
  ["Merredin", "WA", 6415],
  ["Katanning", "WA", 6317],
  ["Geraldton", "WA", 6530],
  ["Launceston", "TAS", 7250],
  ["Devonport", "TAS", 7310],
  ["Deloraine", "TAS", 7304],
  ["Scottsdale", "TAS", 7260],
  ["Campbell Town", "TAS", 7210],
];
const ROADS = words(`Western Lake Main Racecourse Beaufort Halls Stockyard Ridge Creek Quarry School Burrumbeet Sunraysia Pyrenees
  Glenlogie Nevis Warrak Eurambeen Trawalla Chute Waterloo Ercildoune Langi Mena Lexton Amphitheatre Crowlands
  Landsborough Station Church Mill Bridge Hill Park Railway Cemetery Reservoir Forest Valley Springs Gully Swamp
  Boundary Settlement Homestead Woolshed Dairy Pipeline Tower Mountain Plains Range Sandy Gravel Red Gum Box Wattle
  Bluegum Ironbark Banksia Myrtle Kurrajong Yarra Murray Campaspe Loddon Avon Wimmera Glenelg Hopkins Moyne Barwon`);
const ROAD_TYPES = ["Road", "Rd", "Lane", "Street", "St", "Highway", "Track", "Drive"];
const STATE_PHONE_AREA = { VIC: "3", TAS: "3", NSW: "2", QLD: "7", SA: "8", WA: "8" };
const DOMAINS = ["gmail.com", "bigpond.com", "outlook.com", "hotmail.com", "yahoo.com.au", "icloud.com", "optusnet.com.au", "internode.on.net", "bigpond.net.au", "live.com.au"];
const INDUSTRY = words(`Pastoral Grain Farming Vineyards Transport Earthmoving Contracting Investments Agriculture Orchards Livestock
  Nominees Enterprises Developments Properties Quarries Cattle Wool Dairy Poultry Horticulture Nurseries Machinery
  Engineering Plumbing Electrical Building Landscaping Fencing Haulage Logistics Seeds Produce Timber Forestry
  Aquaculture Olives Almonds Citrus Merino Angus Hay Irrigation Drilling Surveying Consulting`);
const BUSINESS_SUFFIX = ["Pty Ltd", "Pty Ltd", "Pty Ltd", "Pty Ltd", "Pty Ltd", "Pty Ltd", "Trust", "Partnership", "& Co", ""];
const ORG_TYPES = words(`Landcare Football Bowls Golf Tennis Cricket Historical CFA SES Rotary Lions Anglers Pony Racing Show
  Agricultural Progress Kindergarten Playgroup Choir Theatre Arts Quilters Bushwalkers Cycling Netball`).map((w) => `${w} ${w === "CFA" || w === "SES" ? "Brigade" : "Club"}`);
const COUNCILS = words(`Pyrenees Ararat Northern-Grampians Central-Goldfields Hepburn Moorabool Golden-Plains Ballarat Corangamite
  Moyne Glenelg Southern-Grampians West-Wimmera Hindmarsh Yarriambiack Buloke Loddon Campaspe Gannawarra Mildura
  Dubbo Orange Bathurst Toowoomba Western-Downs Maranoa`).map((w) => `${w.replace(/-/g, " ")} Shire Council`);

const pad = (n, width) => String(n).padStart(width, "0");
const usedEmails = new Set();
const usedBusinessCores = new Set();
const usedOrgs = new Set();
let phoneCounter = 0;

function uniqueEmail(local, domain) {
  const base = local.toLowerCase().replace(/[^a-z0-9._]/g, "");
  for (let attempt = 0; ; attempt++) {
    const email = `${base}${attempt ? int(attempt * 90) + 1 : ""}@${domain}`;
    if (!usedEmails.has(email)) {
      usedEmails.add(email);
      return email;
    }
  }
}

/** Unique numbers: k ↦ (k·7919 + c) mod 10⁸ is a bijection, so no two stakeholders ever share one. */
function mobile() {
  const digits = pad((++phoneCounter * 7919 + 1_234_567) % 100_000_000, 8);
  const style = int(10);
  if (style < 4) return `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  if (style < 8) return `04${digits}`;
  return `+61 4${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}
function landline(state) {
  const digits = String(20_000_000 + ((++phoneCounter * 104_729 + 7_654_321) % 80_000_000));
  return int(2) ? `(0${STATE_PHONE_AREA[state]}) ${digits.slice(0, 4)} ${digits.slice(4)}` : `0${STATE_PHONE_AREA[state]} ${digits.slice(0, 4)} ${digits.slice(4)}`;
}

function address() {
  const [town, state, postcode] = pick(TOWNS);
  const road = `${pick(ROADS)} ${pick(ROAD_TYPES)}`;
  const r = int(20);
  if (r === 0) return { text: `PO Box ${1 + int(900)}, ${town} ${state} ${postcode}`, state };
  if (r === 1) return { text: `Unit ${1 + int(12)}, ${1 + int(300)} ${road}, ${town} ${state} ${postcode}`, state };
  return { text: `${1 + int(2999)} ${road}, ${town} ${state} ${postcode}`, state };
}

function individual() {
  const female = rng() < 0.5;
  const given = female ? pickFemale : pickMale;
  const first = given();
  let middle = null;
  if (rng() < 0.4)
    do middle = given();
    while (middle === first);
  const last = pickSurname();
  const where = address();
  const flat = last.replace(/[^A-Za-z]/g, "");
  const styles = [`${first}.${flat}`, `${first[0]}${flat}`, `${first}${flat}${pad(int(100), 2)}`, `${first}_${flat}`, `${flat}.${first}`];
  return {
    kind: "Individual",
    person: { first, middle, last },
    name: [first, middle, last].filter(Boolean).join(" "),
    email: rng() < 0.85 ? uniqueEmail(pick(styles), pick(DOMAINS)) : null,
    email2: rng() < 0.1 ? uniqueEmail(`${first[0]}.${flat}`, `${pick(INDUSTRY).toLowerCase()}${int(1000)}.com.au`) : null,
    phone: rng() < 0.8 ? mobile() : null,
    phone2: rng() < 0.15 ? landline(where.state) : null,
    address: where.text,
  };
}

function business() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const lead = rng() < 0.7 ? pickSurname() : pick(TOWNS)[0];
    const core = `${lead} ${pick(INDUSTRY)}`;
    // Company names are registered once: no two businesses share their words before the suffix.
    if (usedBusinessCores.has(core)) continue;
    usedBusinessCores.add(core);
    const suffix = pick(BUSINESS_SUFFIX);
    const where = address();
    const domain = `${core.toLowerCase().replace(/[^a-z]/g, "")}.com.au`;
    return {
      kind: "Business",
      name: suffix ? `${core} ${suffix}` : core,
      email: rng() < 0.8 ? uniqueEmail(pick(["info", "accounts", "admin", "office"]), domain) : null,
      email2: null,
      phone: rng() < 0.7 ? landline(where.state) : null,
      phone2: rng() < 0.3 ? mobile() : null,
      address: where.text,
    };
  }
  return individual();
}

function organisation() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const name = `${pick(TOWNS)[0]} ${pick(ORG_TYPES)}`;
    if (usedOrgs.has(name)) continue;
    usedOrgs.add(name);
    return {
      kind: "Organization",
      name,
      email: rng() < 0.6 ? uniqueEmail("secretary", `${name.toLowerCase().replace(/[^a-z]/g, "")}.org.au`) : null,
      email2: null,
      phone: rng() < 0.5 ? mobile() : null,
      phone2: null,
      address: address().text,
    };
  }
  return individual();
}

function stakeholder(allowGovernment) {
  const r = rng();
  if (allowGovernment && r < 0.0003) {
    const name = COUNCILS.find((c) => !usedOrgs.has(c));
    if (name) {
      usedOrgs.add(name);
      return {
        kind: "Government",
        name,
        email: uniqueEmail("mail", `${name.toLowerCase().replace(/[^a-z]/g, "")}.vic.gov.au`),
        email2: null,
        phone: landline("VIC"),
        phone2: null,
        address: address().text,
      };
    }
  }
  if (r < 0.84) return individual();
  if (r < 0.985) return business();
  return organisation();
}

// Planted near-duplicates: each kind changes one thing an import file really does change.
const KEYBOARD = {
  a: "qwsz",
  b: "vghn",
  c: "xdfv",
  d: "serfcx",
  e: "wsdr",
  f: "drtgvc",
  g: "ftyhbv",
  h: "gyujnb",
  i: "ujko",
  j: "huikmn",
  k: "jiolm",
  l: "kop",
  m: "njk",
  n: "bhjm",
  o: "iklp",
  p: "ol",
  q: "wa",
  r: "edft",
  s: "awedxz",
  t: "rfgy",
  u: "yhji",
  v: "cfgb",
  w: "qase",
  x: "zsdc",
  y: "tghu",
  z: "asx",
};

/**
 * One typing error in a word: a neighbouring key, a dropped, doubled or swapped letter. The first letter
 * is mistyped in 8 % of cases (misspellings rarely start wrong), any other letter otherwise.
 */
function typo(word) {
  for (;;) {
    const letters = [...word];
    const at = rng() < 0.08 ? 0 : 1 + int(letters.length - 1);
    const ch = letters[at].toLowerCase();
    if (!KEYBOARD[ch]) continue;
    const op = int(4);
    const upper = letters[at] !== ch;
    const neighbour = pick([...KEYBOARD[ch]]);
    if (op === 0) letters[at] = upper ? neighbour.toUpperCase() : neighbour;
    else if (op === 1 && letters.length > 3) letters.splice(at, 1);
    else if (op === 2) letters.splice(at, 0, letters[at].toLowerCase());
    else if (op === 3 && at + 1 < letters.length && /[a-z]/i.test(letters[at + 1])) [letters[at], letters[at + 1]] = [letters[at + 1], at === 0 ? ch : letters[at]];
    else continue;
    let out = letters.join("");
    out = out[0].toUpperCase() + out.slice(1);
    if (out.toLowerCase() !== word.toLowerCase()) return out;
  }
}

const swapCase = (email) => email.replace(/(^|[._@])([a-z])/g, (_, sep, c) => sep + c.toUpperCase());
function otherPhoneForm(phone) {
  const digits = phone.replace(/\D/g, "");
  const national = digits.startsWith("61") ? `0${digits.slice(2)}` : digits;
  if (phone.startsWith("+61"))
    return national.startsWith("04") ? `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}` : `(${national.slice(0, 2)}) ${national.slice(2, 6)} ${national.slice(6)}`;
  const rest = national.slice(1);
  return rest.startsWith("4") ? `+61 ${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}` : `+61 ${rest[0]} ${rest.slice(1, 5)} ${rest.slice(5)}`;
}
const nickname = (s) => [NICKNAMES[s.person.first] ?? s.person.first, s.person.middle, s.person.last].filter(Boolean).join(" ");
const COMPANY_FORMS = ["Proprietary Limited", "Pty Limited", "P/L", "PTY. LTD."];

/** kind → [is this existing record a fitting original, the incoming row made from it]. */
const PLANT_KINDS = {
  "case change": [(s) => s.kind === "Individual", (s, n) => ({ name: n % 2 ? s.name.toUpperCase() : s.name.toLowerCase(), address: s.address })],
  '"Smith, John" order': [(s) => s.kind === "Individual", (s) => ({ name: `${s.person.last}, ${[s.person.first, s.person.middle].filter(Boolean).join(" ")}`, address: s.address })],
  "missing middle name": [(s) => s.kind === "Individual" && s.person.middle, (s) => ({ name: `${s.person.first} ${s.person.last}`, address: s.address })],
  "typo in first name": [
    (s) => s.kind === "Individual" && s.person.first.length > 2,
    (s) => ({ name: [typo(s.person.first), s.person.middle, s.person.last].filter(Boolean).join(" "), address: s.address }),
  ],
  "typo in last name": [
    (s) => s.kind === "Individual" && /^[A-Za-z]{3,}$/.test(s.person.last),
    (s) => ({ name: [s.person.first, s.person.middle, typo(s.person.last)].filter(Boolean).join(" "), address: s.address }),
  ],
  "e-mail in another case/slot": [
    (s) => s.kind === "Individual" && s.email && NICKNAMES[s.person.first],
    (s, n) =>
      n % 2 ? { name: nickname(s), email: uniqueEmail(`${s.person.first[0]}${s.person.last}.work`, "outlook.com"), email2: swapCase(s.email) } : { name: nickname(s), email: s.email.toUpperCase() },
  ],
  "phone +61 vs 0": [
    (s) => s.kind === "Individual" && (s.phone || s.phone2) && NICKNAMES[s.person.first],
    (s, n) => ({ name: nickname(s), phone: otherPhoneForm(n % 3 === 0 && s.phone2 ? s.phone2 : (s.phone ?? s.phone2)) }),
  ],
  '"Pty Ltd" vs "Proprietary Limited"': [(s) => s.kind === "Business" && s.name.endsWith(" Pty Ltd"), (s, n) => ({ name: s.name.replace(/Pty Ltd$/, COMPANY_FORMS[n % 4]), memberType: "Business" })],
};

// ------------------------------------------------------------------------------------ the app

const csvField = (value) => (value === null || value === undefined ? "" : /[",\n]/.test(value) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

async function writeCsv(file, header, rows) {
  const out = fs.createWriteStream(file);
  out.write(`${header.map(csvField).join(",")}\n`);
  for (const row of rows) if (!out.write(`${row.map(csvField).join(",")}\n`)) await new Promise((r) => out.once("drain", r));
  await new Promise((r) => out.end(r));
  // The embedded PostgreSQL reads COPY files itself (it may run as another user).
  fs.chmodSync(file, 0o644);
  return file;
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

/** Upload, stage and commit one file through the app; the job's own started → finished time. */
async function runImport(ctx, file, importType, mapping, rows) {
  const tParse = process.hrtime.bigint();
  const parsed = await uploadForParse(ctx.baseUrl, ctx.cookie, ctx.projectId, file, { fields: { fileType: "csv" }, contentType: "text/csv" });
  const parseSeconds = seconds(tParse);
  if (parsed.totalRows !== rows) throw new Error(`Staged ${parsed.totalRows} rows, expected ${rows}`);
  const tImport = process.hrtime.bigint();
  const response = await fetch(`${ctx.baseUrl}/api/file/import`, {
    method: "POST",
    headers: { cookie: ctx.cookie, origin: ctx.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ dataKey: parsed.dataKey, importType, mapping, projectId: ctx.projectId }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`Import failed: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
  for (;;) {
    const { rows: records } = await ctx.db.query(
      `select status, counts, error, processed_rows, extract(epoch from finished_at - started_at)::float as job_seconds,
              extract(epoch from clock_timestamp() - started_at)::float as running_seconds from import_record where id = $1`,
      [answer.importId],
    );
    const record = records[0];
    if (record.status === "failed") throw new Error(`Import ${answer.importId} failed: ${record.error}`);
    if (record.status === "completed") return { importId: answer.importId, counts: record.counts, parseSeconds, jobSeconds: record.job_seconds, requestSeconds: seconds(tImport) };
    // Past the limit the job goes on in the app, but the benchmark reports the rate so far and stops waiting.
    if (seconds(tImport) > IMPORT_LIMIT_SECONDS) {
      ctx.unfinished = true;
      return { importId: answer.importId, unfinished: true, processed: record.processed_rows, runningSeconds: record.running_seconds, parseSeconds };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A line for an import that did not finish within the limit: how far it got and at what rate. */
function unfinishedLine(run, total) {
  const rate = run.processed / run.runningSeconds;
  return `NOT FINISHED within ${IMPORT_LIMIT_SECONDS} s: ${run.processed.toLocaleString()} of ${total.toLocaleString()} rows read in ${run.runningSeconds.toFixed(0)} s (${rate.toFixed(1)} rows/s; the whole import would take about ${rate ? (total / rate / 60).toFixed(0) : "∞"} min)`;
}

/** The real match rules (TypeScript, through tsx) to explain misses and wrong candidates; null without dev dependencies. */
async function loadRules() {
  try {
    const { tsImport } = await import("tsx/esm/api");
    const load = (file) => tsImport(new URL(`../app/modules/duplicates/${file}`, import.meta.url).href, import.meta.url);
    const [keys, rules, names, similarity] = await Promise.all([load("match-keys.ts"), load("match-stakeholders.ts"), load("canonical-names.ts"), load("similarity.ts")]);
    return { stakeholderMatchKeys: keys.stakeholderMatchKeys, matchStakeholder: rules.matchStakeholder, nameCoreTokens: names.nameCoreTokens, nameSimilarity: similarity.nameSimilarity };
  } catch (error) {
    console.log(`(match rules not loaded for the analysis: ${error.message})`);
    return null;
  }
}

const pct = (x) => `${(100 * x).toFixed(2)} %`;
const table = (head, rows) => {
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => (i ? "---:" : "---")).join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
};

function rssSampler(pid) {
  const read = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  let peak = 0;
  let timer;
  return {
    start() {
      peak = read();
      timer = setInterval(() => (peak = Math.max(peak, read())), 50);
    },
    stop: () => (clearInterval(timer), peak),
  };
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// ------------------------------------------------------------------------------------ the run

const STAKEHOLDER_HEADER = ["Name", "Email", "Email 2", "Phone", "Phone 2", "Address", "Member Type"];
const STAKEHOLDER_MAPPING = { Name: "name", Email: "email", "Email 2": "email2", Phone: "phone", "Phone 2": "phone2", Address: "address", "Member Type": "memberType" };
const PROPERTY_HEADER = ["Address", "Volume", "Folio", "Lot", "Plan Number", "Zoning", "Property Use"];
const PROPERTY_MAPPING = { Address: "address", Volume: "volume", Folio: "folio", Lot: "lot", "Plan Number": "planNumber", Zoning: "zoning", "Property Use": "propertyUse" };
const ZONES = ["Farming Zone", "Rural Living Zone", "Township Zone", "Green Wedge Zone", "Rural Activity Zone"];
const USES = ["Grazing", "Cropping", "Viticulture", "Residential", "Lifestyle", "Dairy", "Forestry"];
const MB = 1024 * 1024;

const port = Number(process.env.BENCH_PORT ?? 3956);
// BENCH_PG_PORT: the embedded PostgreSQL's port when BENCH_PORT + 50000 is past 65535.
const pgPort = String(process.env.BENCH_PG_PORT ?? port + 50000);
const loadAtStart = os.loadavg();
const app = await startApp({ port, env: { EMBEDDED_PG_PORT: pgPort } });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-dedupe-"));
fs.chmodSync(tmp, 0o755);
const db = new pg.Client({ connectionString: process.env.BENCH_URL ? databaseUrl() : databaseUrl({ EMBEDDED_PG_PORT: pgPort, DATA_DIR: app.dataDir }) });
const sampler = app.pid ? rssSampler(app.pid) : null;
const result = { date: new Date().toISOString(), node: process.version, seed: SEED, existing: EXISTING, incoming: INCOMING, planted: PLANTED, properties: PROPERTIES };
let projectId = null;
let ctx = null;
/** Stakeholders: seed, the one-off key refresh, the import, and its quality. True when both targets are met. */
async function stakeholderPhase(ctx, owner) {
  // 1. The project's 100,000 stakeholders, written with COPY; match_keys stay NULL.
  const tGen = process.hrtime.bigint();
  const ids = (await db.query("select nextval('stakeholder_id_seq')::int as id from generate_series(1, $1)", [EXISTING])).rows.map((r) => r.id);
  const existing = ids.map((id) => ({ id, ...stakeholder(true) }));
  const byId = new Map(existing.map((s) => [s.id, s]));
  const seedFile = await writeCsv(
    path.join(tmp, "existing.csv"),
    ["id", "user_id", "project_id", "name", "company_name", "member_type", "email", "email2", "phone", "phone2", "address"],
    existing.map((s) => [s.id, owner.id, projectId, s.name, s.kind === "Business" ? s.name : null, s.kind, s.email, s.email2, s.phone, s.phone2, s.address]),
  );
  const tCopy = process.hrtime.bigint();
  await db.query(`copy stakeholder (id, user_id, project_id, name, company_name, member_type, email, email2, phone, phone2, address) from '${seedFile}' with (format csv, header true)`);
  result.stakeholderCopySeconds = seconds(tCopy);
  await db.query("vacuum analyze stakeholder");

  // 2. The incoming file: planted near-duplicates of chosen originals among new stakeholders.
  const kinds = Object.entries(PLANT_KINDS);
  const planted = [];
  const taken = new Set();
  kinds.forEach(([kind, [fits, make]], k) => {
    const quota = Math.floor(PLANTED / kinds.length) + (k < PLANTED % kinds.length ? 1 : 0);
    for (let n = 0, tries = 0; n < quota && tries < 1_000_000; tries++) {
      const original = existing[int(existing.length)];
      if (taken.has(original.id) || !fits(original)) continue;
      taken.add(original.id);
      planted.push({ memberType: "Individual", ...make(original, n), truth: { kind, originalId: original.id } });
      n++;
    }
  });
  const fresh = Array.from({ length: INCOMING - planted.length }, () => stakeholder(false));
  const incoming = shuffle([...planted, ...fresh.map((s) => ({ ...s, memberType: s.kind, truth: null }))]);
  const incomingFile = await writeCsv(
    path.join(tmp, "incoming.csv"),
    STAKEHOLDER_HEADER,
    incoming.map((r) => [r.name, r.email, r.email2, r.phone, r.phone2, r.address, r.memberType === "Organization" ? "Organisation" : r.memberType]),
  );
  console.log(
    `generated ${EXISTING.toLocaleString()} stakeholders and ${INCOMING.toLocaleString()} incoming rows (${planted.length} planted) in ${seconds(tGen).toFixed(1)} s; COPY of the stakeholders ${result.stakeholderCopySeconds.toFixed(2)} s`,
  );

  // 3. The one-off key refresh: the first import into the project computes every stakeholder's keys.
  const warmFile = await writeCsv(path.join(tmp, "warm.csv"), STAKEHOLDER_HEADER, [["Zebedee Quixwell-Ostrander", null, null, null, null, null, "Individual"]]);
  const warm = await runImport(ctx, warmFile, "stakeholders", STAKEHOLDER_MAPPING, 1);
  const unkeyed = (await db.query("select count(*)::int as n from stakeholder where project_id = $1 and match_keys is null", [projectId])).rows[0].n;
  if (unkeyed) throw new Error(`${unkeyed} stakeholders still without match keys after the first import`);
  result.stakeholderRefreshSeconds = warm.jobSeconds;
  await db.query("vacuum analyze stakeholder");

  // 4. The import itself.
  sampler?.start();
  const run = await runImport(ctx, incomingFile, "stakeholders", STAKEHOLDER_MAPPING, INCOMING);
  result.stakeholderImport = { ...run, rssPeak: sampler?.stop() ?? null };
  if (run.unfinished) {
    console.log(`\nstakeholder match-key refresh (first import's job): ${result.stakeholderRefreshSeconds.toFixed(2)} s; upload + parse + stage ${run.parseSeconds.toFixed(2)} s`);
    console.log(`import of ${INCOMING.toLocaleString()} rows: ${unfinishedLine(run, INCOMING)}; quality not measured`);
    return false;
  }
  console.log(`import: ${run.counts.created} created, ${run.counts.pendingDuplicates} held back as likely duplicates`);

  // 5. Quality.
  const rules = await loadRules();
  const { rows: held } = await db.query("select row_number, incoming, candidates from import_duplicate where import_id = $1 order by row_number", [run.importId]);
  const candidateIds = [...new Set(held.flatMap((h) => h.candidates.map((c) => c.id)))];
  const { rows: candidateRows } = await db.query("select id, name, email, email2, phone, phone2, address, member_type, import_id from stakeholder where id = any($1::int[])", [candidateIds]);
  const stored = new Map(candidateRows.map((r) => [r.id, r]));
  const heldByIndex = new Map();
  for (const h of held) {
    const index = h.row_number - 2; // the header is row 1
    if (incoming[index]?.name.trim() !== String(h.incoming.name ?? "").trim()) throw new Error(`Row ${h.row_number} is not the row the benchmark wrote (${h.incoming.name})`);
    heldByIndex.set(index, h);
  }
  const normal = (name) => (rules ? rules.nameCoreTokens(name).join(" ") : String(name ?? "").toLowerCase());
  const fieldsOf = (r) => ({
    name: r.name,
    email: r.email?.toLowerCase() ?? null,
    email2: r.email2?.toLowerCase() ?? null,
    phone: r.phone ?? null,
    phone2: r.phone2 ?? null,
    address: r.address ?? null,
    memberType: r.memberType ?? r.member_type ?? r.kind ?? null,
  });
  const describe = (c) => {
    const s = stored.get(c.id);
    return `#${c.id} "${s?.name}"${s?.import_id === run.importId ? " (created earlier in this file)" : ""} — ${c.matchType}, ${c.reason}`;
  };

  // scores: the original's similarity where found; household: how many of those were shown as a possible household.
  const perKind = new Map(kinds.map(([kind]) => [kind, { total: 0, found: 0, misses: [], scores: [], household: 0 }]));
  const isHousehold = (c) => /different name/.test(c.reason);
  const wrong = new Map();
  let candidates = 0;
  let correct = 0;
  let wrongOfPlanted = 0;
  let flaggedNew = 0;
  const addWrong = (category, example) => {
    const entry = wrong.get(category) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 5) entry.examples.push(example);
    wrong.set(category, entry);
  };
  const categoryOf = (row, c) => {
    const s = stored.get(c.id);
    const where = s?.import_id === run.importId ? "another new row of the file" : "an existing stakeholder";
    if (isHousehold(c)) return `${c.matchType}, different name: a possible household (${where})`;
    if (c.matchType !== "name") return `${c.matchType} (${where})`;
    return `${normal(row.name) === normal(s?.name) ? "identical name after normalising" : "similar name"} (${where})`;
  };
  incoming.forEach((row, index) => {
    const h = heldByIndex.get(index);
    const list = h?.candidates ?? [];
    candidates += list.length;
    if (row.truth) {
      const kind = perKind.get(row.truth.kind);
      kind.total++;
      const hit = list.find((c) => c.id === row.truth.originalId);
      if (hit) {
        kind.found++;
        kind.scores.push(hit.similarity);
        if (isHousehold(hit)) kind.household++;
      } else kind.misses.push({ row, index, list });
      for (const c of list) {
        if (c.id === row.truth.originalId) correct++;
        else {
          wrongOfPlanted++;
          addWrong(
            `${categoryOf(row, c)}, beside the original of a planted row`,
            `row ${index + 2} "${row.name}" (${row.truth.kind} of #${row.truth.originalId} "${byId.get(row.truth.originalId).name}") → ${describe(c)}`,
          );
        }
      }
    } else if (list.length) {
      flaggedNew++;
      for (const c of list) addWrong(categoryOf(row, c), `row ${index + 2} "${row.name}" (new ${row.kind.toLowerCase()}) → ${describe(c)}`);
    }
  });
  const found = [...perKind.values()].reduce((n, k) => n + k.found, 0);
  const recall = found / planted.length;
  const wrongCount = candidates - correct;
  const wrongShare = candidates ? wrongCount / candidates : 0;

  // How often a new person shares a name with someone already in the project: the hard case.
  const existingNames = new Map();
  for (const s of existing) if (s.kind === "Individual") existingNames.set(normal(s.name), (existingNames.get(normal(s.name)) ?? 0) + 1);
  const freshPeople = fresh.filter((s) => s.kind === "Individual");
  const namesakes = freshPeople.filter((s) => existingNames.has(normal(s.name))).length;
  const firstLast = new Set(existing.filter((s) => s.kind === "Individual").map((s) => `${s.person.first} ${s.person.last}`));
  const firstLastShared = freshPeople.filter((s) => firstLast.has(`${s.person.first} ${s.person.last}`)).length;

  const job = run.jobSeconds;
  console.log(`\n## Stakeholders: ${INCOMING.toLocaleString()} incoming rows against a project of ${EXISTING.toLocaleString()}\n`);
  table(
    ["step", "seconds", "rows/s"],
    [
      [`COPY of the ${EXISTING.toLocaleString()} existing stakeholders (reference)`, result.stakeholderCopySeconds.toFixed(2), Math.round(EXISTING / result.stakeholderCopySeconds).toLocaleString()],
      [
        `match-key refresh of ${EXISTING.toLocaleString()} stakeholders (first import's job, one-off per project)`,
        result.stakeholderRefreshSeconds.toFixed(2),
        Math.round(EXISTING / result.stakeholderRefreshSeconds).toLocaleString(),
      ],
      ["upload + parse + stage (POST /api/file/parse)", run.parseSeconds.toFixed(2), Math.round(INCOMING / run.parseSeconds).toLocaleString()],
      ["import job with duplicate detection (started → finished)", job.toFixed(2), Math.round(INCOMING / job).toLocaleString()],
      ["POST /api/file/import (queue + job + answer)", run.requestSeconds.toFixed(2), Math.round(INCOMING / run.requestSeconds).toLocaleString()],
    ],
  );
  if (result.stakeholderImport.rssPeak) console.log(`\nserver RSS peak during the import: ${(result.stakeholderImport.rssPeak / MB).toFixed(0)} MB`);
  console.log(
    `\nrows: ${run.counts.created.toLocaleString()} created, ${held.length.toLocaleString()} held back (${planted.length - [...perKind.values()].reduce((n, k) => n + k.misses.filter((m) => !m.list.length).length, 0)} of the ${planted.length} planted rows, ${flaggedNew.toLocaleString()} of the ${fresh.length.toLocaleString()} new rows = ${pct(flaggedNew / fresh.length)})`,
  );
  console.log(
    `context: ${pct(namesakes / freshPeople.length)} of the new people have a namesake already in the project (same full name after normalising), ${pct(firstLastShared / freshPeople.length)} share first and last name with one`,
  );
  console.log("\nRecall: a planted row counts as found when its original's id is among the row's candidates.\n");
  const scoreSpan = (scores) => {
    if (!scores.length) return "–";
    const sorted = [...scores].sort((a, b) => a - b);
    return `${Math.round(100 * sorted[0])} / ${Math.round(100 * sorted[Math.floor(sorted.length / 2)])} %`;
  };
  table(
    ["planted kind", "rows", "found", "recall", "original's score min / median", "shown as a possible household"],
    [...perKind].map(([kind, k]) => [kind, k.total, k.found, pct(k.found / k.total), scoreSpan(k.scores), k.household]),
  );
  console.log(
    `\nWrong candidates: every candidate of a flagged row that is not a planted row's original — all candidates of flagged new rows,\nplus the other candidates of planted rows — over all candidates of all flagged rows.`,
  );
  console.log(
    `candidates ${candidates.toLocaleString()}: ${correct} originals, ${wrongCount.toLocaleString()} wrong (${(wrongCount - wrongOfPlanted).toLocaleString()} on new rows, ${wrongOfPlanted.toLocaleString()} beside an original)\n`,
  );
  table(
    ["wrong candidates by cause", "count", "of all candidates"],
    [...wrong].sort((a, b) => b[1].count - a[1].count).map(([category, w]) => [category, w.count.toLocaleString(), pct(w.count / candidates)]),
  );
  const recallMet = recall >= RECALL_TARGET;
  const wrongMet = wrongShare <= WRONG_TARGET;
  console.log(`\nrecall ${pct(recall)} (${found}/${planted.length}; target ≥ ${pct(RECALL_TARGET)}): ${recallMet ? "MET" : "NOT MET"}`);
  console.log(`wrong candidates ${pct(wrongShare)} (${wrongCount.toLocaleString()}/${candidates.toLocaleString()}; target ≤ ${pct(WRONG_TARGET)}): ${wrongMet ? "MET" : "NOT MET"}`);
  console.log(`flagged rows that are not planted duplicates: ${pct(flaggedNew / held.length)} (${flaggedNew.toLocaleString()}/${held.length.toLocaleString()})`);

  // Why a planted row was missed, by the real rules: no shared key, the rules said no, or the 5-candidate cut.
  const explain = ({ row, list }) => {
    const original = byId.get(row.truth.originalId);
    if (!rules) return list.length ? `flagged with ${list.length} other candidates` : "not flagged";
    const [a, b] = [fieldsOf(row), fieldsOf(original)];
    const shared = rules.stakeholderMatchKeys(a).filter((k) => rules.stakeholderMatchKeys(b).includes(k));
    if (!shared.length) return `no shared blocking key (row ${JSON.stringify(rules.stakeholderMatchKeys(a))}, original ${JSON.stringify(rules.stakeholderMatchKeys(b))})`;
    const match = rules.matchStakeholder(a, b);
    if (!match) return `shares ${shared.join(", ")} but the rules do not match it (name ${pct(rules.nameSimilarity(a.name, b.name))} similar)`;
    if (list.length >= 5 && list.every((c) => c.similarity >= match.similarity))
      return `matches at ${match.similarity} (${match.reason}) but 5 others at ≥ ${match.similarity} filled the candidate list (${list.map(describe).slice(0, 2).join("; ")} …)`;
    return `matches at ${match.similarity} (${match.reason}) yet is not among the row's ${list.length} candidates`;
  };
  const missed = [...perKind].filter(([, k]) => k.misses.length);
  if (missed.length) {
    console.log("\n### Missed planted duplicates (3 examples per kind)\n");
    for (const [kind, k] of missed) {
      const reasons = new Map();
      for (const miss of k.misses) {
        const why = explain(miss)
          .replace(/ \(.*$/s, "")
          .replace(/#\d+.*$/, "");
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
      }
      console.log(`- ${kind}: ${k.misses.length} missed — ${[...reasons].map(([why, n]) => `${n}× ${why}`).join("; ")}`);
      for (const miss of k.misses.slice(0, 3)) {
        const o = byId.get(miss.row.truth.originalId);
        console.log(
          `  - row ${miss.index + 2} "${miss.row.name}"${miss.row.email ? ` <${miss.row.email}>` : ""}${miss.row.email2 ? ` <${miss.row.email2}>` : ""}${miss.row.phone ? ` ${miss.row.phone}` : ""} of #${o.id} "${o.name}"${o.email ? ` <${o.email}>` : ""}${o.phone ? ` ${o.phone}` : ""}: ${explain(miss)}`,
        );
      }
    }
  }
  console.log("\n### Wrong candidates (examples)\n");
  for (const [category, w] of [...wrong].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`- ${category}: ${w.count.toLocaleString()}`);
    for (const example of w.examples.slice(0, 3)) console.log(`  - ${example}`);
  }
  result.quality = {
    recall,
    found,
    wrongShare,
    wrongCount,
    candidates,
    flaggedRows: held.length,
    flaggedNew,
    perKind: Object.fromEntries(
      [...perKind].map(([kind, k]) => [
        kind,
        {
          total: k.total,
          found: k.found,
          scores: scoreSpan(k.scores),
          household: k.household,
          misses: k.misses.slice(0, 10).map((m) => ({ row: m.index + 2, name: m.row.name, original: byId.get(m.row.truth.originalId).name, why: explain(m) })),
        },
      ]),
    ),
    wrongByCause: Object.fromEntries([...wrong].map(([category, w]) => [category, { count: w.count, examples: w.examples }])),
    namesakeShare: namesakes / freshPeople.length,
  };

  return recallMet && wrongMet;
}

/** Properties: seed, key refresh, the floor and the import merged by volume/folio. True when all were merged. */
async function propertyPhase(ctx) {
  // 6. Properties: 100,000 titles, then the same 100,000 volume/folios imported and merged automatically.
  const usedAddresses = new Set();
  const canonical = { Rd: "Road", St: "Street" };
  const properties = Array.from({ length: PROPERTIES }, (_, n) => {
    let text;
    for (;;) {
      const [town, state, postcode] = pick(TOWNS);
      const [road, type, number] = [pick(ROADS), pick(ROAD_TYPES), 1 + int(2999)];
      // Unique once "Rd"/"Road" are read alike, so no other title's address ties with the volume/folio.
      const key = `${number} ${road} ${canonical[type] ?? type} ${town}`;
      if (usedAddresses.has(key)) continue;
      usedAddresses.add(key);
      text = `${number} ${road} ${type}, ${town} ${state} ${postcode}`;
      break;
    }
    return { address: text, volume: String(10000 + Math.floor(n / 900)), folio: pad(1 + (n % 900), 3), lot: String(1 + (n % 40)), plan: `PS${300000 + Math.floor(n / 40)}` };
  });
  const propertySeed = await writeCsv(
    path.join(tmp, "properties.csv"),
    ["project_id", "address", "property_address", "volume", "folio", "lot", "plan_number"],
    properties.map((p) => [projectId, p.address, p.address, p.volume, p.folio, p.lot, p.plan]),
  );
  const tPropCopy = process.hrtime.bigint();
  await db.query(`copy property (project_id, address, property_address, volume, folio, lot, plan_number) from '${propertySeed}' with (format csv, header true)`);
  result.propertyCopySeconds = seconds(tPropCopy);
  await db.query("vacuum analyze property");
  const propertyFile = await writeCsv(path.join(tmp, "titles.csv"), PROPERTY_HEADER, shuffle(properties.map((p) => [p.address, p.volume, p.folio, p.lot, p.plan, pick(ZONES), pick(USES)])));
  const warmProperty = await runImport(
    ctx,
    await writeCsv(path.join(tmp, "warm-title.csv"), PROPERTY_HEADER, [["3001 Benchmark Road, Beaufort VIC 3373", "99999", "999", null, null, null, null]]),
    "properties",
    PROPERTY_MAPPING,
    1,
  );
  result.propertyRefreshSeconds = warmProperty.jobSeconds;
  await db.query("vacuum analyze property");

  // The floor: the same rows COPYed into a temporary table and applied with one UPDATE … FROM, rolled back.
  const floorOnce = async () => {
    await db.query("begin");
    const t = process.hrtime.bigint();
    await db.query("create temp table bench_floor (address text, volume text, folio text, lot text, plan_number text, zoning text, property_use text) on commit drop");
    await db.query(`copy bench_floor from '${propertyFile}' with (format csv, header true)`);
    const { rowCount } = await db.query(
      "update property p set zoning = f.zoning, property_use = f.property_use, updated_at = now() from bench_floor f where p.project_id = $1 and p.volume = f.volume and p.folio = f.folio",
      [projectId],
    );
    const s = seconds(t);
    await db.query("rollback");
    await db.query("vacuum analyze property");
    if (rowCount !== PROPERTIES) throw new Error(`The floor's UPDATE changed ${rowCount} rows, expected ${PROPERTIES}`);
    return s;
  };
  const floorTimes = [await floorOnce()];
  sampler?.start();
  const titles = await runImport(ctx, propertyFile, "properties", PROPERTY_MAPPING, PROPERTIES);
  const titlesPeak = sampler?.stop() ?? null;
  if (titles.unfinished) {
    result.propertyImport = { ...titles, floorTimes };
    console.log(
      `\nCOPY of the titles ${result.propertyCopySeconds.toFixed(2)} s; property match-key refresh ${result.propertyRefreshSeconds.toFixed(2)} s; floor ${floorTimes[0].toFixed(2)} s; upload + parse + stage ${titles.parseSeconds.toFixed(2)} s`,
    );
    console.log(`import of ${PROPERTIES.toLocaleString()} titles: ${unfinishedLine(titles, PROPERTIES)}`);
    return false;
  }
  floorTimes.push(await floorOnce());
  const floor = Math.min(...floorTimes);
  const merged = titles.counts.autoMergedProperties;
  const { rows: check } = await db.query(
    `select (select count(*)::int from property where project_id = $1 and zoning is not null and property_use is not null) as filled,
            (select count(*)::int from import_merge where import_id = $2) as merges`,
    [projectId, titles.importId],
  );
  result.propertyImport = { ...titles, floorTimes, floor, ratio: titles.jobSeconds / floor, rssPeak: titlesPeak, filled: check[0].filled, merges: check[0].merges };
  console.log(`\n## Properties: ${PROPERTIES.toLocaleString()} titles imported again by volume/folio (merged automatically)\n`);
  table(
    ["step", "seconds", "rows/s"],
    [
      [`COPY of the ${PROPERTIES.toLocaleString()} titles into property (reference)`, result.propertyCopySeconds.toFixed(2), Math.round(PROPERTIES / result.propertyCopySeconds).toLocaleString()],
      [
        `match-key refresh of ${PROPERTIES.toLocaleString()} properties (first import's job, one-off)`,
        result.propertyRefreshSeconds.toFixed(2),
        Math.round(PROPERTIES / result.propertyRefreshSeconds).toLocaleString(),
      ],
      [`floor: COPY into a temporary table + UPDATE … FROM (faster of ${floorTimes.map((t) => t.toFixed(2)).join(" s and ")} s)`, floor.toFixed(2), Math.round(PROPERTIES / floor).toLocaleString()],
      ["upload + parse + stage (POST /api/file/parse)", titles.parseSeconds.toFixed(2), Math.round(PROPERTIES / titles.parseSeconds).toLocaleString()],
      ["import job with auto-merge (started → finished)", titles.jobSeconds.toFixed(2), Math.round(PROPERTIES / titles.jobSeconds).toLocaleString()],
      ["POST /api/file/import (queue + job + answer)", titles.requestSeconds.toFixed(2), Math.round(PROPERTIES / titles.requestSeconds).toLocaleString()],
    ],
  );
  const allMerged = merged === PROPERTIES && titles.counts.created === 0 && titles.counts.pendingDuplicates === 0 && check[0].filled === PROPERTIES;
  console.log(
    `\nautoMergedProperties ${merged.toLocaleString()} of ${PROPERTIES.toLocaleString()}, created ${titles.counts.created}, held back ${titles.counts.pendingDuplicates}; ${check[0].filled.toLocaleString()} titles now have zoning and use, ${check[0].merges.toLocaleString()} import_merge rows: ${allMerged ? "ALL MERGED" : "NOT ALL MERGED"}`,
  );
  console.log(`import job / floor: ${result.propertyImport.ratio.toFixed(2)}×`);
  if (titlesPeak) console.log(`server RSS peak during the import: ${(titlesPeak / MB).toFixed(0)} MB`);

  return allMerged;
}

try {
  await db.connect();
  const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  const { rows: owners } = await db.query(`select id, client_id from "user" where email = 'owner@demo-consultancy.local'`);
  const owner = owners[0];
  projectId = (
    await db.query(
      `insert into project (name, description, client_id, owner_id, settings, startup_completed_at, startup_completed_by)
       values ($1, 'Duplicate detection benchmark (bench/dedupe.mjs)', $2, $3, '{"allowPublicView": false, "requireApproval": true, "defaultTimezone": "Australia/Sydney"}', now(), 'Benchmark')
       returning id`,
      [`Dedupe Benchmark ${crypto.randomUUID().slice(0, 8)}`, owner.client_id, owner.id],
    )
  ).rows[0].id;
  ctx = { baseUrl: app.baseUrl, cookie, projectId, db, unfinished: false };

  const phases = (process.env.BENCH_DEDUPE_ONLY ?? "stakeholders,properties").split(",");
  let ok = true;
  if (phases.includes("stakeholders")) ok = (await stakeholderPhase(ctx, owner)) && ok;
  if (phases.includes("properties")) ok = (await propertyPhase(ctx)) && ok;
  result.loadAverage = { start: loadAtStart, end: os.loadavg() };
  console.log(
    `\nload average (1/5/15 min) at the start ${loadAtStart.map((l) => l.toFixed(1)).join(" / ")}, at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} on ${os.cpus().length} CPUs`,
  );
  fs.mkdirSync("bench/results", { recursive: true });
  const resultFile = `bench/results/dedupe-${Date.now()}.json`;
  fs.writeFileSync(resultFile, JSON.stringify(result, null, 2));
  console.log(`\nWrote ${resultFile}`);
  if (!ok) process.exitCode = 1;
} finally {
  // A running app (BENCH_URL) keeps its database: remove the benchmark's project from it.
  if (process.env.BENCH_URL && projectId && !ctx?.unfinished)
    await db.query("delete from project where id = $1", [projectId]).catch((error) => console.log(`Could not remove the benchmark project ${projectId}: ${error.message}`));
  await db.end().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
  await app.stop();
}
