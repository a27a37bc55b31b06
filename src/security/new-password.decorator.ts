import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { PASSWORD_RULE } from './password-policy.js';

/**
 * A new password in a request body (registering, changing it, resetting it): 8 to 128 characters,
 * documented with the password rule the service then holds it to (PasswordPolicy).
 */
export function NewPassword(example: string): PropertyDecorator {
  return (target, key) =>
    // Applied as decorators written one above the other are: the last written first.
    applyDecorators(
      Length(8, 128, { message: `${String(key)} must be 8-128 characters` }),
      IsString(),
      ApiProperty({ example, minLength: 8, maxLength: 128, format: 'password', description: PASSWORD_RULE }),
    )(target, key);
}
