/**
 * Typed calls for changing the chart of accounts: a category added in its group's code range, a
 * custom one changed, any top-level one hidden or shown. A single category comes back under its
 * group's key, whichever of the four that is.
 */
import type { CategoryCreate, CategoryUpdate } from '../../../shared/api/categories';
import type { ApiResponse } from '../../../shared/bridge';
import { decode, pathOf, send, type ApiResult } from '../api';
import { CATEGORY_GROUP_KEYS, categorySchema, type Category } from '../records';

function underItsGroup(response: ApiResponse): ApiResult<Category> {
  const body = (response.body ?? {}) as Record<string, unknown>;
  const key = CATEGORY_GROUP_KEYS.find((candidate) => candidate in body) ?? CATEGORY_GROUP_KEYS[0];
  return decode(response, key, categorySchema);
}

export async function getCategory(categoryUrl: string): Promise<ApiResult<Category>> {
  const sent = await send('GET', pathOf(categoryUrl));
  return sent.ok ? underItsGroup(sent.value) : sent;
}

export async function createCategory(fields: CategoryCreate): Promise<ApiResult<Category>> {
  const sent = await send('POST', '/v2/categories', { body: { category: fields } });
  return sent.ok ? underItsGroup(sent.value) : sent;
}

export async function updateCategory(nominalCode: string, changes: CategoryUpdate): Promise<ApiResult<Category>> {
  const sent = await send('PUT', `/v2/categories/${encodeURIComponent(nominalCode)}`, { body: { category: changes } });
  return sent.ok ? underItsGroup(sent.value) : sent;
}
