import { describe, expect, it } from 'vitest';
import { BUILD_SETTINGS_VARIABLE, readBuildSettings } from './settings';

describe("a build's settings", () => {
  it("come from the variables of a build on its own, with the shop's defaults", () => {
    const settings = readBuildSettings({
      PUBLIC_ORIGIN: 'https://shop.example/',
      SHOP_API_ORIGIN: 'https://api.shop.example/',
      PAYMENT_PROVIDER: 'paypal',
    });
    expect(settings.pages).toEqual({
      publicOrigin: 'https://shop.example',
      ageGateLeaveUrl: 'https://duckduckgo.com/',
    });
    expect(settings.apiOrigin).toBe('https://api.shop.example');
    expect(settings.headers).toEqual({
      publicOrigin: 'https://shop.example',
      paypalSdkUrl: 'https://www.paypal.com/sdk/js',
    });
    expect(settings.netlifyRedirects).toBe('/api/v1/*  https://api.shop.example/api/v1/:splat  200!\n');
    expect(readBuildSettings({}).pages.publicOrigin).toBe('http://127.0.0.1:4321');
  });

  it("handed to a renderer build whole, win over the variables it inherits; the publisher's origins win over both", () => {
    const publisher = readBuildSettings(
      { AGE_GATE_LEAVE_URL: 'https://leave.example/' },
      { publicOrigin: 'https://shop.example', apiOrigin: 'http://127.0.0.1:5000' },
    );
    const child = readBuildSettings({
      PUBLIC_ORIGIN: 'http://elsewhere.example',
      [BUILD_SETTINGS_VARIABLE]: JSON.stringify({ ...publisher, rendererDir: '/site/renderers/x' }),
    });
    expect(child).toEqual({ ...publisher, rendererDir: '/site/renderers/x' });
    expect(child.pages).toEqual({ publicOrigin: 'https://shop.example', ageGateLeaveUrl: 'https://leave.example/' });
  });
});
