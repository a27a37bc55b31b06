/**
 * The positions module's face: stateless analysis of any position, on the engine. Code outside
 * src/positions imports from this file only (src/architecture.spec.ts checks it): the position a
 * request names, and the OpenAPI models of boards and plays other modules' documents refer to.
 */
export { PositionsModule } from './positions.module.js';
export { readPositionInput } from './position-input.js';
export { InvalidPositionError } from './position.errors.js';
export { SideBoardDto } from './dto/board.dto.js';
export { MoveDto, PlayDto } from './dto/legal-plays-response.dto.js';
