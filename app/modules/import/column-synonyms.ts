/**
 * The synonym table of automatic mapping ("full name, mobile, postal address, owner, tax value",
 * and the words these files really use; docs/import.md#mapping). Keys are targets: a field key, SKIP, or a custom field.
 * Headers are compared after normalisation (case, spaces, punctuation and plurals ignored), so each
 * spelling is listed once: "E-mail Address", "email address" and "EmailAddresses" are the same entry.
 *
 * Words for which no column exists (suburb, postcode, council, parish, ABN) map to a custom field of that
 * name rather than Skip, so the data is kept and the user sees where it goes. A property file's contact
 * columns go to the owner fields, which stops partial containment placing an owner's postal address in
 * the parcel's address.
 */
import { CUSTOM_PREFIX, type ImportType } from "./import-fields";

type SynonymTable = Readonly<Record<string, readonly string[]>>;

const custom = (name: string) => `${CUSTOM_PREFIX}${name}`;

/** Columns both kinds of file carry. */
const SHARED: SynonymTable = {
  nextAction: ["action", "next step", "follow up", "action required", "next action required"],
  nextActionDueDate: ["due date", "due", "action due", "action due date", "next action date", "follow up date", "date due"],
  notes: ["note", "comment", "remarks", "notes and comments"],
  latitude: ["lat", "y", "gps latitude"],
  longitude: ["lng", "lon", "long", "x", "gps longitude"],
  [custom("Suburb")]: ["suburb", "town", "locality", "suburb or town", "city"],
  [custom("Postcode")]: ["postcode", "post code", "pcode", "zip", "zip code"],
  [custom("State")]: ["state", "state or territory"],
  [custom("LGA")]: ["lga", "council", "local government area", "local council", "shire", "council name", "lga name"],
  [custom("Parish")]: ["parish", "parish name"],
  [custom("County")]: ["county"],
};

const STAKEHOLDER: SynonymTable = {
  name: [
    "full name",
    "stakeholder",
    "stakeholder name",
    "contact",
    "contact name",
    "landholder",
    "landholder name",
    "landowner",
    "land owner",
    "owner",
    "owner name",
    "proprietor",
    "proprietor name",
    "registered proprietor",
    "client name",
    "customer name",
  ],
  companyName: ["business name", "company", "business", "organisation", "organisation name", "organization name", "trading name", "entity name"],
  email: ["e-mail", "email address", "mail", "primary email", "email 1", "contact email", "email addr"],
  // Listed whole: partial matching reads "Secondary Email Address" by its last words, as an email.
  email2: ["email address 2", "secondary email", "secondary email address", "alternate email", "alternate email address", "alternative email", "other email", "other email address"],
  email3: ["email address 3"],
  phone: ["phone no.", "phone number", "ph", "telephone", "tel", "telephone number", "contact number", "landline", "primary phone", "phone 1"],
  phone2: ["phone number 2", "secondary phone", "alternate phone", "alternative phone", "other phone"],
  phone3: ["phone number 3"],
  mobile: ["mob", "mob no.", "mobile no.", "mobile number", "mobile phone number", "mobile ph"],
  cellPhone: ["cell", "cell number"],
  // "(AH)" and "(BH)": after hours and business hours, as Australian contact lists write them.
  homePhone: ["home", "home number", "ph (h)", "phone (h)", "ph (ah)", "phone (ah)", "ah"],
  businessPhone: ["work phone", "work number", "office phone", "business number", "ph (w)", "phone (w)", "ph (bh)", "phone (bh)", "bh"],
  address: [
    "postal address",
    "mailing address",
    "street address",
    "address 1",
    "address line 1",
    "residential address",
    "home address",
    "contact address",
    "owner address",
    "correspondence address",
    "landholder address",
  ],
  address2: ["secondary address", "alternative address", "alternate address", "other address"],
  memberType: ["type", "stakeholder type", "contact type", "entity type"],
  stakeholderCategory: ["category", "stakeholder group", "group"],
  influenceLevel: ["influence", "influence rating"],
  iap2EngagementLevel: ["iap2", "iap2 level", "engagement level", "iap2 engagement"],
  lastContact: ["last contact date", "last contacted", "date of last contact", "last engagement"],
  isActive: ["active", "is active"],
  isProjectPropertyOwner: ["property owner", "is property owner", "owns property"],
  [custom("ABN")]: ["abn", "australian business number"],
  [custom("ACN")]: ["acn"],
};

const PROPERTY: SynonymTable = {
  address: [
    "property address",
    "street address",
    "site address",
    "property location",
    "location",
    "situs address",
    "land address",
    "physical address",
    "address 1",
    "address line 1",
    "parcel address",
    "property",
  ],
  addresses: ["other addresses", "additional address"],
  volume: ["vol", "vol no.", "volume no.", "volume number"],
  folio: ["fol", "fol no.", "folio no.", "folio number"],
  lotPlanLine: ["lot/plan", "lot on plan", "lot plan", "lot and plan", "lot/dp", "lot dp", "lot/sp", "parcel", "parcel description", "land description", "legal description"],
  lot: ["lot no.", "lot number"],
  planNumber: ["plan", "plan no.", "deposited plan", "dp", "dp number", "sp", "strata plan"],
  search: ["title ref", "title reference", "title reference number", "title no.", "title number", "search no.", "title"],
  uid: ["parcel id", "parcel identifier", "pfi", "property id", "property number", "unique id"],
  spiNumber: ["spi", "standard parcel identifier"],
  titleType: ["tenure", "tenure type", "land tenure"],
  tenancyType: ["tenancy"],
  proprietors: ["owner", "owner name", "owner(s)", "landholder", "landholder name", "landowner", "land owner", "registered proprietor", "registered owner", "proprietor names"],
  encumbrances: ["encumbrance", "encumbrances and notices"],
  additionalInfo: ["additional info", "other information"],
  propertyUse: ["land use", "use", "current use"],
  zoning: ["zone", "zone code", "planning zone"],
  area: ["land area", "area (ha)", "area ha", "area m2", "size", "lot area", "parcel area", "hectares", "ha"],
  estimatedValue: ["value", "market value", "valuation", "property value", "capital improved value", "civ"],
  taxAssessedValue: ["tax value", "land value", "site value", "unimproved value", "unimproved land value"],
  yearBuilt: ["built", "construction year"],
  squareFootage: ["sq ft", "square feet", "floor area"],
  hasLAA: ["laa", "land access agreement", "laa signed", "agreement in place"],
  laaExpiryDate: ["laa expiry", "laa expires", "laa end date", "agreement expiry", "agreement expiry date"],
  laaDetails: ["agreement details", "laa notes"],
  centroidLat: ["centroid y"],
  centroidLng: ["centroid x"],
  // A property file's contact details are its owner's, not the parcel's: they go to the owner stakeholder.
  ownerAddress: ["postal address", "mailing address", "owner address", "contact address", "owner postal address", "registered proprietor postal address", "proprietor address"],
  ownerPhone: ["phone", "mobile", "owner phone", "owner mobile", "contact phone", "phone number"],
  ownerEmail: ["email", "e-mail", "owner email", "owner e-mail", "contact email", "email address"],
};

/**
 * A parcel file's attribute names as state cadastres and QGIS exports write them (docs/import.md#parcels):
 * Queensland's DCDB (lot, plan, lotplan), NSW's (lotnumber, planlabel, lotidstring "1//DP12345"), Vicmap's
 * (parcel_spi "1\PS400001"). Nothing else is offered: the other attributes are kept with the parcel anyway.
 */
const PARCEL: SynonymTable = {
  lot: ["lot no.", "lot number", "lot num", "lot_no", "lotnumber"],
  plan: ["plan no.", "plan number", "plannumber", "plan label", "planlabel", "plan_no", "deposited plan", "dp", "dp number", "survey plan"],
  lotPlan: [
    "lot/plan",
    "lotplan",
    "lot on plan",
    "lot and plan",
    "lot/dp",
    "lot dp",
    "parcel",
    "parcel description",
    "land description",
    "legal description",
    "spi",
    "parcel spi",
    "standard parcel identifier",
    "lotidstring",
    "lot id string",
    "lot id",
  ],
  address: ["property address", "street address", "site address", "parcel address", "full address", "addr", "location"],
  titleReference: ["title", "title ref", "title no.", "title number", "volume folio", "vol/fol", "vol fol", "ct", "certificate of title"],
};

/** The synonym table for one import type: target → spellings. */
export function synonymTable(type: ImportType): SynonymTable {
  if (type === "parcels") return PARCEL;
  return type === "stakeholders" ? { ...SHARED, ...STAKEHOLDER } : { ...SHARED, ...PROPERTY };
}
