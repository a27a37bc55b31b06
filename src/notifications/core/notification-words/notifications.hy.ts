/** The notifications' words in Armenian (ICU MessageFormat by key; docs/architecture.md, "Languages"). */
import type { CatalogMessages } from '../../../common/message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'match.name':
    '{variant, select, backgammon {Կարճ նարդի} other {Երկար նարդի}}, {length, plural, =0 {խաղ դրույքով} one {հանդիպում մինչև # միավոր} other {հանդիպում մինչև # միավոր}}',
  'opponent.unknown': 'ձեր հակառակորդը',
  'task.roll': 'Ձեր նետման հերթն է։',
  'task.cubeResponse': '{opponent} առաջարկում է կրկնապատկում. ընդունե՞լ, թե՞ ձեռնպահ մնալ։',
  'task.resignationResponse': '{opponent} հանձնվում է. ընդունե՞լ, թե՞ մերժել։',
  'task.play': 'Ձեր քայլն է։',
  'invitation.title': '{from} հրավիրում է ձեզ խաղալու',
  'invitation.body':
    '{match}, {days, plural, =0 {առանց ժամանակի վերահսկման} one {# օր մեկ հերթի համար} other {# օր մեկ հերթի համար}}։',
  'turn.title': 'Ձեր հերթն է, {opponent} սպասում է',
  'turn.body': '{task} {match}, հաշիվը՝ {mine}:{theirs}։',
  'finished.title': '{won, select, yes {{opponent} պարտվեց ձեզ} other {{opponent} հաղթեց ձեզ}}',
  'finished.body':
    '{match}։ Խաղն ավարտվեց{how, select, timeout { ժամանակի սպառմամբ} leave { (խաղացողներից մեկը հեռացավ)} other {}}, հաշիվը՝ {mine}:{theirs}։',
  'deadline.title': '{opponent} սպասում է ձեր քայլին, մնացել է մոտ {hours} ժամ',
  'deadline.body': '{task} {match}։ Ժամանակը սպառվում է {deadline} UTC-ին։',
  'mail.code': 'Կամ մուտքագրեք այս կոդը՝ {code}',
  'mail.footer.account':
    'Այս նամակը ստացել եք, քանի որ ձեր Նարդի հաշվում փոփոխություն է կատարվել։ Եթե դա չեք խնդրել, անտեսեք այն։',
  'mail.footer.match': 'Ծանուցումների կարգավորումներում կարող եք ընտրել, թե Նարդի կայքից ինչ նամակներ եք ստանում։',
  'digest.title': 'Ձեր Նարդի ամփոփումը՝ {count, plural, one {# թարմացում} other {# թարմացում}}',
  'digest.body': 'Վերջին ամփոփումից ի վեր ձեր հանդիպումներում և մրցաշարերում տեղի է ունեցել հետևյալը.',
};
