import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class TokenRequestDto {
  @ApiProperty({ example: 'alice' })
  @IsString()
  @MaxLength(64)
  username!: string;

  @ApiProperty({ example: 'correct horse battery staple', format: 'password' })
  @IsString()
  @MaxLength(256)
  password!: string;
}
