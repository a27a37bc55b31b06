/** Asks for an opponent's username and opens the head-to-head page of `username` against them. */
import { useState } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { navigate } from '../../router.js';
import { TextField } from '../../ui/form-field.js';
import './versus-form.css';

export function VersusForm({ username }: { readonly username: string }) {
  const [opponent, setOpponent] = useState('');
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    const name = opponent.trim();
    if (name === '') return;
    navigate(`/users/${encodeURIComponent(username)}/versus/${encodeURIComponent(name)}`);
  };
  return (
    <form
      class="versus-form"
      onSubmit={onSubmit}
      role="search"
      aria-label={t('players.versusForm.label', { name: username })}
    >
      <TextField
        id="versus-opponent"
        label={t('players.versusForm.opponent')}
        field="opponent"
        problem={null}
        name="opponent"
        autocomplete="off"
        username
        required
        value={opponent}
        onInput={setOpponent}
      />
      <button type="submit">{t('players.versusForm.compare')}</button>
    </form>
  );
}
