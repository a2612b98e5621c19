/**
 * The failures every feed endpoint may answer with, for its OpenAPI `errorResponses`. The
 * results feed adds those of its keys and rate limit, and describes each as problem details.
 */
export const feedErrorResponses = {
  500: "Unexpected server error.",
  503: "The database is unreachable; retry later.",
};

/** An endpoint that reads one resource by a path parameter. */
export const feedLookupErrorResponses = {
  ...feedErrorResponses,
  404: "No such resource.",
};
