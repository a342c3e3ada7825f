import {
  Kind,
  buildSchema,
  getArgumentValues,
  getVariableValues,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';
import {
  CHARITY_SEARCH_DEFAULT_TERM,
  charitySearchVariables,
  type CharitySearchVariables,
} from '@arena/contracts';
import { invalidVariables, unsupportedOperation } from '../../domain/charity-search.errors';

/** Longest document the proxy reads; the page's own is about 1 KB. */
export const MAX_DOCUMENT_LENGTH = 10_000;
/** Bounds the parser's work on a hostile document well before the length limit would. */
const MAX_TOKENS = 2_000;

/**
 * The part of Charity Navigator's schema the proxy answers: the publicSearchFaceted query and the
 * fields of its envelope. Documents are validated against it, so other fields, mutations, subscriptions,
 * fragments on other types and wrongly typed variables are refused before anything is asked.
 */
const schema = buildSchema(`
  type Query {
    publicSearchFaceted(
      term: String
      states: [String!]
      sizes: [String!]
      causes: [String!]
      ratings: [String!]
      c3: Boolean
      result_size: Int
      from: Int
      beacons: [String!]
      advisories: [String!]
      order_by: String
    ): PublicSearchFacetedResults
  }
  type PublicSearchFacetedResults {
    size: Int
    from: Int
    term: String
    result_count: Int
    results: [PublicSearchResult!]
  }
  type PublicSearchResult {
    ein: String
    name: String
    mission: String
    organization_url: String
    charity_navigator_url: String
    encompass_score: Float
    encompass_star_rating: Int
    encompass_publication_date: String
    cause: String
    street: String
    street2: String
    city: String
    state: String
    zip: String
    country: String
    highest_level_alert: String
  }
`);
const searchField = schema.getQueryType()!.getFields().publicSearchFaceted!;

export interface CharitySearchRequest {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/**
 * Reads a GraphQL request into the search variables it asks for, or refuses it. Accepted: one query
 * operation whose only root field is publicSearchFaceted, unaliased and without directives; this covers
 * both the search document and the by-EIN look-up (the same field with the EIN as its term). Arguments
 * may be variables or literals. `cities` and `zips` are read from the variables object, as the page
 * sends them beside the document's own variables (Charity Navigator's query has no such arguments).
 */
export function readCharitySearchOperation(request: CharitySearchRequest): CharitySearchVariables {
  const { query, operationName } = request;
  if (typeof query !== 'string' || query.length === 0 || query.length > MAX_DOCUMENT_LENGTH) {
    throw unsupportedOperation();
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw unsupportedOperation();
  }
  const rawVariables = request.variables ?? {};
  if (typeof rawVariables !== 'object' || rawVariables === null || Array.isArray(rawVariables)) {
    throw invalidVariables('variables: must be an object');
  }

  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: MAX_TOKENS });
  } catch {
    throw unsupportedOperation();
  }
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operations[0];
  if (operations.length !== 1 || !operation || operation.operation !== 'query') throw unsupportedOperation();
  if (operationName && operation.name?.value !== operationName) throw unsupportedOperation();
  if (validate(schema, document).length > 0) throw unsupportedOperation();

  const selections = operation.selectionSet.selections;
  const field = selections[0];
  if (
    selections.length !== 1 ||
    field?.kind !== Kind.FIELD ||
    field.name.value !== searchField.name ||
    field.alias ||
    (field.directives?.length ?? 0) > 0
  ) {
    throw unsupportedOperation();
  }

  const variables = rawVariables as Record<string, unknown>;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
  if (coerced.errors) throw invalidVariables(`variables: ${coerced.errors[0]?.message ?? 'invalid'}`);
  let args: Record<string, unknown>;
  try {
    args = getArgumentValues(searchField, field as FieldNode, coerced.coerced);
  } catch (error) {
    throw invalidVariables(error instanceof Error ? error.message : 'Invalid arguments');
  }

  const { order_by, term, ...rest } = args;
  const candidate: Record<string, unknown> = {
    ...rest,
    term: typeof term === 'string' && term.trim() !== '' ? term : CHARITY_SEARCH_DEFAULT_TERM,
    orderBy: order_by,
    cities: variables.cities,
    zips: variables.zips,
  };
  for (const key of Object.keys(candidate))
    if (candidate[key] === null || candidate[key] === undefined) delete candidate[key];
  const parsed = charitySearchVariables.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidVariables(`${issue?.path.join('.') || 'variables'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The same search always gives the same key: lists sorted, defaults filled, names fixed. */
export function normalisedVariables(variables: CharitySearchVariables): string {
  const sortedLists: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined) continue;
    sortedLists[key] = Array.isArray(value)
      ? [...value].map((item) => String(item).trim().toLowerCase()).sort()
      : typeof value === 'string'
        ? value.trim().toLowerCase()
        : value;
  }
  return JSON.stringify(sortedLists);
}
