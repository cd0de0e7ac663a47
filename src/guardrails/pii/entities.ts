/** The 47 entity types of SPEC "Supported entity types", grouped as SPEC groups them. */

export const ENTITY_GROUPS = {
  global: ["CREDIT_CARD", "CRYPTO", "DATE_TIME", "EMAIL_ADDRESS", "IBAN_CODE", "IP_ADDRESS", "NRP", "LOCATION", "PERSON", "PHONE_NUMBER", "MEDICAL_LICENSE", "URL"],
  custom: ["CVV", "BIC_SWIFT"],
  us: ["US_BANK_NUMBER", "US_DRIVER_LICENSE", "US_ITIN", "US_PASSPORT", "US_SSN"],
  uk: ["UK_NHS", "UK_NINO"],
  es: ["ES_NIF", "ES_NIE"],
  it: ["IT_FISCAL_CODE", "IT_DRIVER_LICENSE", "IT_VAT_CODE", "IT_PASSPORT", "IT_IDENTITY_CARD"],
  pl: ["PL_PESEL"],
  sg: ["SG_NRIC_FIN", "SG_UEN"],
  au: ["AU_ABN", "AU_ACN", "AU_TFN", "AU_MEDICARE"],
  in: ["IN_PAN", "IN_AADHAAR", "IN_VEHICLE_REGISTRATION", "IN_VOTER", "IN_PASSPORT"],
  fi: ["FI_PERSONAL_IDENTITY_CODE"],
  kr: ["KR_RRN"],
  cn: ["CN_RESIDENT_ID", "CN_USCC", "CN_MOBILE"],
  tw: ["TW_NATIONAL_ID"],
  hk: ["HK_ID"],
} as const;

export type EntityType = (typeof ENTITY_GROUPS)[keyof typeof ENTITY_GROUPS][number];

export const ALL_ENTITY_TYPES: readonly EntityType[] = Object.values(ENTITY_GROUPS).flat();

const KNOWN = new Set<string>(ALL_ENTITY_TYPES);

export function isEntityType(value: string): value is EntityType {
  return KNOWN.has(value);
}
