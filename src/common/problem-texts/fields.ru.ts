/** The field errors' words in Russian (ICU MessageFormat by key; docs/architecture.md, "Languages"). */
import type { CatalogMessages } from '../message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'unknown-field': '{field}: такого поля в этом запросе нет',
  isString: '{field}: должно быть текстом',
  isInt: '{field}: должно быть целым числом',
  isBoolean: '{field}: должно быть true или false',
  isArray: '{field}: должно быть списком',
  isObject: '{field}: должно быть объектом',
  isDefined: '{field}: необходимо указать значение',
  isEmail: '{field}: должно быть адресом электронной почты',
  isUuid: '{field}: должно быть UUID',
  isIn: '{field}: должно быть одним из значений: {0}',
  equals: '{field}: должно быть равно {0}',
  min: '{field}: должно быть не меньше {0}',
  max: '{field}: должно быть не больше {0}',
  isLength: '{field}: длина должна быть от {0} до {1} символов',
  minLength: '{field}: число символов должно быть не менее {0}',
  maxLength: '{field}: число символов должно быть не более {0}',
  arrayMinSize: '{field}: число элементов должно быть не менее {0}',
  arrayMaxSize: '{field}: число элементов должно быть не более {0}',
  arrayUnique: '{field}: элементы не должны повторяться',
  matches: '{field}: значение не соответствует формату этого поля',
  nestedValidation: '{field}: должно быть объектом со структурой, описанной в документации',
  format: '{field}: значение не соответствует формату этого параметра',
  'unstorable-text': '{field}: содержит символ NUL, который невозможно сохранить',
  isBoardOrNotation: '{field}: должно быть объектом позиции или позицией в нотации',
  'bidi-control':
    '{field}: не должно содержать управляющих символов направления текста — из-за них одно имя может выглядеть как другое',
  'invisible-character':
    '{field}: не должно содержать невидимых символов (пробелов нулевой ширины, соединителей и т. п.)',
  'mixed-scripts': '{field}: не должно смешивать буквы разных алфавитов — такое имя можно принять за другое',
  'reserved-username': '{field}: читается как имя, зарезервированное для сервиса и ботов сайта',
  'username:matches': '{field}: должно состоять из 3–24 символов (a-z, 0-9, _ и -) и начинаться с буквы или цифры',
  'opponent:matches': '{field}: должно быть именем пользователя',
  'player:matches': '{field}: должно быть именем пользователя',
  isIso8601: '{field}: должно быть датой и временем (ISO 8601)',
};
