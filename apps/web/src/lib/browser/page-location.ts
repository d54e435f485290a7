/**
 * Full page loads go through this object so that tests can replace them (jsdom's location cannot be spied on).
 */
export const pageLocation = {
  reload: (): void => {
    window.location.reload();
  },
  assign: (url: string): void => {
    window.location.assign(url);
  },
};
