// See require-esm-transformer.js: CommonJS dependencies get these ESM namespaces for their require().
import * as common from '@nestjs/common';
import * as core from '@nestjs/core';

(globalThis as { __nardyEsmInterop?: Record<string, unknown> }).__nardyEsmInterop = {
  '@nestjs/common': common,
  '@nestjs/core': core,
};
