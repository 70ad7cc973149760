import { backingImages, chooseBackingImages, localBackingImages } from './index.mjs';

const official = { postgres: 'postgres:18', nats: 'nats:2.11-alpine' };
const local = { postgres: 'jalaj-local/postgres:18', nats: 'jalaj-local/nats:2.9' };
const present =
  (...images: string[]) =>
  (image: string) =>
    images.includes(image);

describe('chooseBackingImages (TEST_INFRA=containers)', () => {
  it('runs the official images when JALAJ_IMAGES is unset and they are here', () => {
    expect(chooseBackingImages(undefined, present('postgres:18', 'nats:2.11-alpine', ...Object.values(local)), official, local)).toEqual(official);
  });

  it('runs the official images when JALAJ_IMAGES is unset and neither image is here (they are pulled)', () => {
    expect(chooseBackingImages(undefined, present(), official, local)).toEqual(official);
  });

  it('runs a local stand-in when JALAJ_IMAGES is unset, the official image is absent and the stand-in here', () => {
    expect(chooseBackingImages(undefined, present('postgres:18', 'jalaj-local/nats:2.9'), official, local)).toEqual({ postgres: 'postgres:18', nats: 'jalaj-local/nats:2.9' });
  });

  it('runs what JALAJ_IMAGES says whatever is here', () => {
    expect(chooseBackingImages('local', present(), official, local)).toEqual(local);
    expect(chooseBackingImages('official', present(...Object.values(local)), official, local)).toEqual(official);
  });

  it('refuses another JALAJ_IMAGES, naming the values it takes', () => {
    expect(() => chooseBackingImages('debian', present(), official, local)).toThrow(/JALAJ_IMAGES=debian: use official .* or local/);
  });

  it('has a local stand-in for every official backing image, and none for an image that is not one', () => {
    expect(Object.keys(localBackingImages).sort()).toEqual(Object.keys(backingImages).sort());
    expect(Object.values(localBackingImages).every((image) => image.startsWith('jalaj-local/'))).toBe(true);
  });
});
