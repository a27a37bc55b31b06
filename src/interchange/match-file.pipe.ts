import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { createValidationPipe } from '../common/validation.js';
import { MatchLogDto } from './dto/match-log.dto.js';

/** An import's body: .mat text (text/plain), or the JSON document of export.json (application/json). */
export type MatchFile =
  { readonly format: 'mat'; readonly text: string } | { readonly format: 'json'; readonly log: MatchLogDto };

/**
 * The body of POST /api/matches/import as a MatchFile: text as it came (the
 * body parser reads text/plain for this route only), a JSON body checked as
 * a MatchLogDto by the app's validation rules (unknown fields refused).
 */
@Injectable()
export class MatchFilePipe implements PipeTransform<unknown, Promise<MatchFile>> {
  private readonly validation = createValidationPipe();

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<MatchFile> {
    if (typeof value === 'string') return { format: 'mat', text: value };
    const log = (await this.validation.transform(value, { ...metadata, metatype: MatchLogDto })) as MatchLogDto;
    return { format: 'json', log };
  }
}
