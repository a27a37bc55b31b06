/**
 * The community module's face (docs/community.md): the messages between a match's players, and the
 * players' reports. Code outside src/community imports from this file only.
 */
export {};
