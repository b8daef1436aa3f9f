/**
 * Common English short forms of given names (docs/import.md#duplicates): "Bill" for William, "Kate" for
 * Katherine. Only read when two records already share an e-mail or phone, to tell the same person under a
 * short name from another member of the household; never enough for a match on its own.
 */
/** Each group: a formal name with its spellings and short forms. A short form may belong to several groups. */
const GROUPS: readonly string[][] = [
  ["william", "will", "bill", "billy", "willy", "liam"],
  ["robert", "rob", "robbie", "bob", "bobby", "bert"],
  ["richard", "rich", "rick", "ricky", "dick"],
  ["james", "jim", "jimmy", "jamie"],
  ["john", "jack", "johnny", "jon"],
  ["jonathan", "jon", "jonny"],
  ["michael", "mike", "mick", "mickey", "micky"],
  ["thomas", "tom", "tommy"],
  ["christopher", "chris", "kit", "topher"],
  ["christine", "christina", "chris", "chrissy", "tina"],
  ["matthew", "matt", "matty"],
  ["daniel", "dan", "danny"],
  ["anthony", "tony"],
  ["andrew", "andy", "drew"],
  ["joseph", "joe", "joey"],
  ["edward", "ed", "eddie", "ted", "ned"],
  ["nicholas", "nick", "nicky"],
  ["timothy", "tim", "timmy"],
  ["gregory", "greg"],
  ["stephen", "steven", "steve", "stevie"],
  ["peter", "pete"],
  ["jacob", "jake"],
  ["benjamin", "ben", "benny"],
  ["samuel", "sam", "sammy"],
  ["samantha", "sam", "sammy"],
  ["alexander", "alex", "sandy", "xander"],
  ["alexandra", "alex", "lexie", "lexi", "sandy"],
  ["patrick", "pat", "paddy"],
  ["patricia", "pat", "patty", "trish", "tricia"],
  ["elizabeth", "liz", "lizzie", "beth", "betty", "eliza", "libby"],
  ["margaret", "maggie", "meg", "peggy", "marg", "margie"],
  ["katherine", "catherine", "kathryn", "kate", "katie", "kath", "cathy", "kathy", "cath", "kat"],
  ["jennifer", "jen", "jenny"],
  ["jessica", "jess", "jessie"],
  ["rebecca", "bec", "becky", "becca"],
  ["susan", "sue", "susie"],
  ["deborah", "debra", "deb", "debbie"],
  ["kimberley", "kimberly", "kim"],
  ["victoria", "tori", "vicky", "vicki"],
  ["barbara", "barb", "babs"],
  ["dorothy", "dot", "dottie", "dorothea"],
  ["judith", "judy", "jude"],
  ["joanne", "joanna", "jo"],
  ["josephine", "jo", "josie"],
  ["frederick", "fred", "freddie"],
  ["francis", "frank", "fran"],
  ["frances", "fran", "frankie"],
  ["gerald", "gerry", "jerry"],
  ["leonard", "len", "lenny", "leo"],
  ["ronald", "ron", "ronnie"],
  ["donald", "don", "donny"],
  ["raymond", "ray"],
  ["kenneth", "ken", "kenny"],
  ["douglas", "doug"],
  ["charles", "charlie", "chas", "chuck"],
  ["harold", "harry", "hal"],
  ["henry", "harry", "hank"],
  ["lawrence", "laurence", "laurie", "larry"],
  ["philip", "phillip", "phil"],
  ["gordon", "gordie"],
  ["nathan", "nathaniel", "nate"],
  ["zachary", "zac", "zack"],
  ["vincent", "vince", "vinnie"],
  ["rosemary", "rose", "rosie"],
  ["pamela", "pam"],
  ["suzanne", "susanne", "sue", "suzie"],
  ["caroline", "carol", "carrie"],
  ["valerie", "val"],
  ["jacqueline", "jackie", "jacqui"],
  ["helen", "helena", "nell", "nellie"],
  ["eleanor", "ellie", "nell", "nora"],
  ["abigail", "abby", "abbie"],
  ["isabella", "isabel", "bella", "izzy"],
];

const groupsOf = new Map<string, number[]>();
GROUPS.forEach((group, index) => {
  for (const name of group) groupsOf.set(name, [...(groupsOf.get(name) ?? []), index]);
});

/** Whether two given names (folded, as nameCoreTokens gives them) are one name, or short forms of one. */
export function sameGivenName(a: string, b: string): boolean {
  if (a === b) return true;
  const groups = groupsOf.get(a);
  return Boolean(groups && groupsOf.get(b)?.some((group) => groups.includes(group)));
}

/**
 * `words` with each word that is another short form of one of `reference`'s words written as that word
 * ("bill john smith" against "william john smith" → "william john smith"), so that the name measures
 * compare the names, not the short forms.
 */
export function alignGivenNames(words: readonly string[], reference: readonly string[]): string[] {
  return words.map((word) => (reference.includes(word) ? word : (reference.find((other) => sameGivenName(word, other)) ?? word)));
}
