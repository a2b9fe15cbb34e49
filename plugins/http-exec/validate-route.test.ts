import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { CompiledQuery } from '../../core/sql/query-engine';
import { validatePaths, validationBody } from './validate-route';

function compiled(over: Partial<CompiledQuery>): CompiledQuery {
  return { sql: '', kind: 'select', jitCompiled: false, execute: () => Promise.reject(new Error('validate never executes')), ...over };
}

test('validate lives at /api/v1/sql/validate, and also below a web console context other than /', () => {
  assert.deepEqual(validatePaths(undefined), ['/api/v1/sql/validate']);
  assert.deepEqual(validatePaths('/'), ['/api/v1/sql/validate']);
  assert.deepEqual(validatePaths('/console/'), ['/api/v1/sql/validate', '/console/api/v1/sql/validate']);
  assert.deepEqual(validatePaths('console'), ['/api/v1/sql/validate', '/console/api/v1/sql/validate']);
});

test('a query answers its columns and designated timestamp; nm=true answers an empty object', () => {
  const q = compiled({ statementType: 'SELECT', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'p "x"', type: Types.DOUBLE }], timestampIndex: 0 });
  assert.equal(validationBody('select *', q, false),
    '{"query":"select *","columns":[{"name":"ts","type":"TIMESTAMP"},{"name":"p \\"x\\"","type":"DOUBLE"}],"timestamp":0}');
  assert.equal(validationBody('select *', q, true), '{}');
  assert.equal(validationBody('x', compiled({ columns: [] }), false), '{"query":"x","columns":[],"timestamp":-1}');
});

test('any other statement answers only its QuestDB type', () => {
  assert.equal(validationBody('insert …', compiled({ kind: 'insert', statementType: 'INSERT' }), false), '{"queryType":"INSERT"}');
  assert.equal(validationBody('explain …', compiled({ statementType: 'EXPLAIN', columns: [] }), false), '{"queryType":"EXPLAIN"}');
  assert.equal(validationBody('x', compiled({ kind: 'ddl' }), false), '{"queryType":"UNKNOWN"}');
});
