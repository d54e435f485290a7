// API tokens for integrations (issue 15): scopes, the token shown once, what a listing shows.
export {};
