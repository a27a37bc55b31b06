/**
 * The moderation module's face (docs/moderation.md): roles, the report queue, the moderators' actions
 * and their append-only log. Code outside src/moderation imports from this file only.
 */
export {};
