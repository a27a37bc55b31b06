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
  'mail.code': 'Или введите этот код: {code}',
  'mail.footer.account':
    'Вы получили это письмо из-за изменения в вашей учётной записи Нарды. Если вы его не запрашивали, просто не обращайте на него внимания.',
  'mail.footer.match': 'Выбрать, какие письма вы получаете от сервиса Нарды, можно в настройках уведомлений.',
  'digest.title':
    'Ваша сводка Нарды: {count, plural, one {# событие} few {# события} many {# событий} other {# события}}',
  'digest.body': 'Что произошло в ваших матчах и турнирах с прошлой сводки:',
};
