/** The failures every feed endpoint may answer with, for its OpenAPI `errorResponses`. */
export const feedErrorResponses = {
  500: "Unexpected server error.",
  503: "The database is unreachable; retry later.",
};
