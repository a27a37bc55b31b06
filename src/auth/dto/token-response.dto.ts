import { ApiProperty } from '@nestjs/swagger';

export class TokenResponseDto {
  @ApiProperty({ description: 'Send as `Authorization: Bearer <accessToken>`.' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  tokenType!: 'Bearer';

  @ApiProperty({ description: 'Seconds until the token expires.', example: 86400 })
  expiresIn!: number;

  @ApiProperty({
    example: 'nardy_rt_Vh3x0m2Q9bR7kP1sT5yW8zA4cE6gJ0nL2qU4wY6aC8e',
    description:
      'For POST /api/auth/refresh: a new access token and the next refresh token (this one then ends). Also set ' +
      'as the httpOnly cookie `nardy_refresh`, sent back only to /api/auth/refresh. Ends after 30 days unused.',
  })
  refreshToken!: string;

  @ApiProperty({
    required: false,
    example: true,
    description:
      'Present (true) when a moderator renamed the account: choose a new name with PUT /api/users/me/username ' +
      '(docs/moderation.md, "Rename").',
  })
  renameRequired?: true;
}
