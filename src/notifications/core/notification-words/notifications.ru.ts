/** The notifications' words in Russian (ICU MessageFormat by key; docs/architecture.md, "Languages"). */
import type { CatalogMessages } from '../../../common/message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'match.name':
    '{variant, select, backgammon {Короткие нарды} other {Длинные нарды}}, {length, plural, =0 {игра на деньги} one {матч до # очка} few {матч до # очков} many {матч до # очков} other {матч до # очка}}',
  'opponent.unknown': 'ваш соперник',
  'task.roll': 'Ваш бросок.',
  'task.cubeResponse': '{opponent} удваивает: принять или отказаться?',
  'task.resignationResponse': '{opponent} сдаётся: принять или отклонить?',
  'task.play': 'Ваш ход.',
  'invitation.title': '{from} приглашает вас сыграть',
  'invitation.body':
    '{match}, {days, plural, =0 {без контроля времени} one {# день на ход} few {# дня на ход} many {# дней на ход} other {# дня на ход}}.',
  'turn.title': '{opponent} ждёт вашего хода',
  'turn.body': '{task} {match}, счёт {mine}:{theirs}.',
  'finished.title': '{won, select, yes {{opponent} уступает вам} other {{opponent} побеждает вас}}',
  'finished.body':
    '{match}: игра окончена{how, select, timeout { по времени} leave { (один из игроков вышел из игры)} other {}}, счёт {mine}:{theirs}.',
  'deadline.title': '{opponent} ждёт вашего хода: осталось около {hours} ч.',
  'deadline.body': '{task} {match}: время на ход истекает в {deadline} UTC.',
  'tournament.open.title': 'Открыта запись на турнир «{tournament}»',
  'tournament.open.body':
    '{organiser} проводит {format, select, knockout {турнир на выбывание} other {круговой турнир}} по {variant, select, backgammon {коротким нардам} other {длинным нардам}}, {players, plural, one {до # игрока} other {до # игроков}}, {limits, select, both {рейтинг от {min} до {max}} min {рейтинг от {min}} max {рейтинг до {max}} other {без ограничений по рейтингу}}.',
  'tournament.ready.title':
    '{final, select, yes {Финал} other {Матч раунда {round}}} с соперником {opponent} готов к игре',
  'tournament.ready.body':
    '{tournament}: {match}, {days, plural, =0 {без контроля времени} one {# день на ход} few {# дня на ход} many {# дней на ход} other {# дня на ход}}. Удачи!',
  'tournament.advanced.title': '{final, select, yes {Вы вышли в финал} other {Вы вышли в раунд {round}}}',
  'tournament.advanced.body':
    '{tournament}: {by, select, bye {вы проходите раунд {from} без игры.} walkover {ваш соперник по раунду {from} снялся с турнира, вам засчитана техническая победа.} other {вы выиграли матч раунда {from} у соперника {opponent}.}}',
  'tournament.finished.title':
    '{outcome, select, won {Вы выиграли турнир «{tournament}»} champion {Турнир «{tournament}» окончен, победитель: {champion}} other {Турнир «{tournament}» окончен}}',
  'tournament.finished.body': 'Ваше место: {rank} из {players}.',
  'mail.code': 'Или введите этот код: {code}',
  'mail.footer.account':
    'Вы получили это письмо из-за изменения в вашей учётной записи Нарды. Если вы его не запрашивали, просто не обращайте на него внимания.',
  'mail.footer.match': 'Выбрать, какие письма вы получаете от сервиса Нарды, можно в настройках уведомлений.',
  'digest.title':
    'Ваша сводка Нарды: {count, plural, one {# событие} few {# события} many {# событий} other {# события}}',
  'digest.body': 'Что произошло в ваших матчах и турнирах с прошлой сводки:',
  'message.title': '{from} пишет вам',
  'message.body': '«{text}» ({match})',
};
