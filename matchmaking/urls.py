"""Routes of the matchmaking API, mounted under /api/v1/ by hearts_api/urls.py."""

from django.urls import path

from matchmaking import apis

urlpatterns = [
    path("matchmaking/queue/", apis.QueueApi.as_view(), name="matchmaking-queue"),
    path("tables/", apis.TableCreateApi.as_view(), name="table-create"),
    path("tables/<str:table_id>/", apis.TableDetailApi.as_view(), name="table-detail"),
    path("tables/<str:table_id>/start/", apis.TableStartApi.as_view(), name="table-start"),
    path("tables/<str:table_id>/invite/", apis.TableInviteApi.as_view(), name="table-invite"),
    path("tables/<str:table_id>/members/mine/", apis.TableLeaveApi.as_view(), name="table-leave"),
    path("tables/<str:table_id>/accept/", apis.TableAcceptApi.as_view(), name="table-accept"),
    path("tables/<str:table_id>/decline/", apis.TableDeclineApi.as_view(), name="table-decline"),
    path("invites/<str:code>/", apis.InviteDetailApi.as_view(), name="invite-detail"),
    path("invites/<str:code>/accept/", apis.InviteAcceptApi.as_view(), name="invite-accept"),
    path("invites/<str:code>/decline/", apis.InviteDeclineApi.as_view(), name="invite-decline"),
    path("games/<str:game_id>/rematch/", apis.RematchApi.as_view(), name="game-rematch"),
]
