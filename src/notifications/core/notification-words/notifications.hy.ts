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
  'tournament.open.title': 'Բացվել է գրանցումը «{tournament}» մրցաշարին',
  'tournament.open.body':
    '{variant, select, backgammon {Կարճ նարդու} other {Երկար նարդու}} {format, select, knockout {օլիմպիական համակարգով} other {շրջանաձև}} մրցաշար՝ մինչև {players} խաղացող, {limits, select, both {վարկանիշը՝ {min}-ից մինչև {max}} min {վարկանիշը՝ {min}-ից} max {վարկանիշը՝ մինչև {max}} other {առանց վարկանիշի սահմանափակման}}։ Կազմակերպիչ՝ {organiser}։',
  'tournament.ready.title':
    '{final, select, yes {Ձեր եզրափակիչը} other {Ձեր {round, plural, =1 {1-ին} other {#-րդ}} փուլի հանդիպումը}} ընդդեմ {opponent} պատրաստ է',
  'tournament.ready.body':
    '{tournament}՝ {match}, {days, plural, =0 {առանց ժամանակի վերահսկման} one {# օր մեկ հերթի համար} other {# օր մեկ հերթի համար}}։ Հաջողություն։',
  'tournament.advanced.title': '{final, select, yes {Դուք դուրս եկաք եզրափակիչ} other {Դուք անցաք {round}-րդ փուլ}}',
  'tournament.advanced.body':
    '{tournament}՝ {by, select, bye {{from, plural, =1 {1-ին} other {#-րդ}} փուլն անցնում եք առանց խաղի։} walkover {{from, plural, =1 {1-ին} other {#-րդ}} փուլի ձեր մրցակիցը դուրս եկավ մրցաշարից, ձեզ տրվում է տեխնիկական հաղթանակ։} other {դուք հաղթեցիք {from, plural, =1 {1-ին} other {#-րդ}} փուլի հանդիպումը ընդդեմ {opponent}։}}',
  'tournament.finished.title':
    '{outcome, select, won {Դուք հաղթեցիք «{tournament}» մրցաշարում} champion {«{tournament}» մրցաշարն ավարտվեց, հաղթող՝ {champion}} other {«{tournament}» մրցաշարն ավարտվեց}}',
  'tournament.finished.body': 'Ձեր տեղը՝ {rank}, {players} մասնակցից։',
  'mail.code': 'Կամ մուտքագրեք այս կոդը՝ {code}',
  'mail.footer.account':
    'Այս նամակը ստացել եք, քանի որ ձեր Նարդի հաշվում փոփոխություն է կատարվել։ Եթե դա չեք խնդրել, անտեսեք այն։',
  'mail.footer.match': 'Ծանուցումների կարգավորումներում կարող եք ընտրել, թե Նարդի կայքից ինչ նամակներ եք ստանում։',
  'digest.title': 'Ձեր Նարդի ամփոփումը՝ {count, plural, one {# թարմացում} other {# թարմացում}}',
  'digest.body': 'Վերջին ամփոփումից ի վեր ձեր հանդիպումներում և մրցաշարերում տեղի է ունեցել հետևյալը.',
  'message.title': '{from} ձեզ գրեց',
  'message.body': '«{text}» ({match})',
};
