export * from './pairs.core';
