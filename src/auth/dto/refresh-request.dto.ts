import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** A refresh: the token in the body (programs), or none and the `nardy_refresh` cookie (browsers). */
export class RefreshRequestDto {
  @ApiPropertyOptional({
    example: 'nardy_rt_Vh3x0m2Q9bR7kP1sT5yW8zA4cE6gJ0nL2qU4wY6aC8e',
    description: 'The refresh token last answered; leave out to use the `nardy_refresh` cookie.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  refreshToken?: string;
}
