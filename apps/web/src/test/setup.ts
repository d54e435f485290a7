import { configure } from '@testing-library/react';

// Pages are lazy routes: a navigation completes once the page's module has loaded, which on a loaded
// two-core CI machine can take longer than testing-library's default second for findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });
