/** The field errors' words in Armenian (ICU MessageFormat by key; docs/architecture.md, "Languages"). */
import type { CatalogMessages } from '../message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'unknown-field': '{field}: այս հարցումն այդպիսի դաշտ չունի',
  isString: '{field}: պետք է լինի տեքստ',
  isInt: '{field}: պետք է լինի ամբողջ թիվ',
  isBoolean: '{field}: պետք է լինի true կամ false',
  isArray: '{field}: պետք է լինի ցուցակ',
  isObject: '{field}: պետք է լինի օբյեկտ',
  isDefined: '{field}: պետք է նշել արժեքը',
  isEmail: '{field}: պետք է լինի էլ. փոստի հասցե',
  isUuid: '{field}: պետք է լինի UUID',
  isIn: '{field}: պետք է լինի հետևյալ արժեքներից մեկը՝ {0}',
  equals: '{field}: պետք է լինի {0}',
  min: '{field}: պետք է լինի առնվազն {0}',
  max: '{field}: պետք է լինի առավելագույնը {0}',
  isLength: '{field}: պետք է պարունակի {0}-ից {1} նիշ',
  minLength: '{field}: պետք է պարունակի առնվազն {0} նիշ',
  maxLength: '{field}: պետք է պարունակի առավելագույնը {0} նիշ',
  arrayMinSize: '{field}: պետք է պարունակի առնվազն {0} տարր',
  arrayMaxSize: '{field}: պետք է պարունակի առավելագույնը {0} տարր',
  arrayUnique: '{field}: տարրերը չպետք է կրկնվեն',
  matches: '{field}: արժեքը չի համապատասխանում այս դաշտի ձևաչափին',
  nestedValidation: '{field}: պետք է լինի փաստաթղթերում նկարագրված կառուցվածքով օբյեկտ',
  format: '{field}: արժեքը չի համապատասխանում այս պարամետրի ձևաչափին',
  'unstorable-text': '{field}: պարունակում է NUL նիշ, որը հնարավոր չէ պահպանել',
  isBoardOrNotation: '{field}: պետք է լինի դիրքի օբյեկտ կամ նոտացիայով գրված դիրք',
  'bidi-control':
    '{field}: չպետք է պարունակի տեքստի ուղղության կառավարման նիշեր, քանի որ դրանց պատճառով մի անունը կարող է այլ անուն թվալ',
  'invisible-character':
    '{field}: չպետք է պարունակի անտեսանելի նիշեր (զրոյական լայնության բացատներ, միակցիչներ և այլն)',
  'mixed-scripts':
    '{field}: չպետք է խառնի տարբեր գրային համակարգերի տառեր, քանի որ նման անունը կարելի է այլ անվան հետ շփոթել',
  'reserved-username': '{field}: կարդացվում է որպես ծառայության և կայքի բոտերի համար ամրագրված անուն',
  'username:matches': '{field}: պետք է պարունակի 3-ից 24 նիշ (a-z, 0-9, _ և -) և սկսվի տառով կամ թվանշանով',
  'opponent:matches': '{field}: պետք է լինի օգտանուն',
  'player:matches': '{field}: պետք է լինի օգտանուն',
  'control-character': '{field}: չպետք է պարունակի կառավարման նիշեր (տողադարձեր, ներդիրներ և այլն)',
  blank: '{field}: չպետք է դատարկ լինի կամ բաղկացած լինի միայն բացատներից',
  'invisible-only': '{field}: պետք է ինչ-որ տեսանելի բան պարունակի, ոչ միայն բացատներ և անտեսանելի նիշեր',
  'quoted-local-part': '{field}: հասցեի @-ից առաջ մասը չպետք է չակերտների մեջ լինի ("…"@example.com)',
  isIso8601: '{field}: պետք է լինի ամսաթիվ և ժամ (ISO 8601)',
};
